import { useNavigate } from 'react-router';
import { clearSession, useSession } from '../../../app/session';

/** /error: a signed-in user without any role has nothing to open (spec 000 §6). */
export function NoRolePage() {
  const session = useSession();
  const navigate = useNavigate();
  const backToLogin = () => {
    clearSession('signed-out');
    navigate('/login', { replace: true });
  };
  return (
    <section className="card narrow-card centered" aria-labelledby="page-title">
      <h1 id="page-title">Error</h1>
      <p className="lead">There is an error. No user role assigned.</p>
      <p>Please ask your company admin to assign you a role.</p>
      <button type="button" className="link-button" onClick={backToLogin}>
        {session ? 'Sign out and return to login' : 'Return to login'}
      </button>
    </section>
  );
}
