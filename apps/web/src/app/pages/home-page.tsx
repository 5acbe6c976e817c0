import { Link } from 'react-router';

export function HomePage() {
  return (
    <section className="card narrow-card centered" aria-labelledby="page-title">
      <h1 id="page-title">Spirit Exchange</h1>
      <p className="lead">We are getting ready. See you soon!</p>
      <p>
        <Link to="/login">Sign in</Link> or <Link to="/register">register your company</Link>.
      </p>
    </section>
  );
}
