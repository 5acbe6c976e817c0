import { Link } from 'react-router';

/** The brand mark; links to /home as the spec asks of the logo on every page. */
export function Logo() {
  return (
    <Link to="/home" className="logo" aria-label="Spirit Exchange home">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#1e3a8a" />
        <path d="M16 5c-4 6-8 10.5-8 15a8 8 0 0 0 16 0c0-4.5-4-9-8-15z" fill="#fbbf24" />
      </svg>
      <span className="logo-text">Spirit Exchange</span>
    </Link>
  );
}
