// Route guards. Like the product's navigation guards they decide when the user arrives at a route: a session that
// ends while a page is open (a password change) does not yank the page away; the next navigation decides, and a
// call answered 401 "Invalid token" navigates to /login itself (router.tsx).
import { mayCall } from '@spirit/domain/api/access';
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Guard } from './routes';
import { ErrorState } from '../ui/status-states';
import { isSuperAdmin, useSession, type Session } from './session';

/** Where a user who may not see a route goes; `refused`: they stay, and are told so (issue 21, item 15). */
type Decision = { allow: true } | { allow: false; to: string } | { allow: false; refused: true };

export function decide(guard: Guard, session: Session | null): Decision {
  if (guard === 'public') return { allow: true };
  // Sign-in and registration are for visitors: a signed-in user goes on to the dashboard.
  if (guard === 'guest') return session ? { allow: false, to: '/dashboard' } : { allow: true };
  if (!session) return { allow: false, to: '/login' };
  if (session.user.roles.length === 0) return { allow: false, to: '/error' };
  // A screen the user's roles may not use (or whose calls they may not make): a refusal with a way back, not a
  // silent move to the dashboard nor a frame that then fails.
  if (guard === 'superadmin' && !isSuperAdmin(session.user)) return { allow: false, refused: true };
  if (typeof guard === 'object' && !mayCall(guard.calls, session.user.roles)) return { allow: false, refused: true };
  return { allow: true };
}

/** The session as it was when the user arrived at the current location. */
function useSessionAtArrival(): Session | null {
  const location = useLocation();
  const session = useSession();
  const [arrival, setArrival] = useState({ key: location.key, session });
  if (arrival.key !== location.key) {
    setArrival({ key: location.key, session });
    return session;
  }
  return arrival.session;
}

export function RouteGuard({
  guard,
  children,
  refused,
}: {
  guard: Guard;
  children: ReactNode;
  /** What a signed-in user sees on a route they may not use. */
  refused?: ReactNode;
}) {
  const session = useSessionAtArrival();
  const decision = decide(guard, session);
  if (decision.allow) return children;
  if ('refused' in decision) return refused ?? <Navigate to="/dashboard" replace />;
  return <Navigate to={decision.to} replace />;
}

/** The refusal of a page the user's roles do not open, with the way back. */
export function AccessDenied() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Access denied</h1>
      <ErrorState
        message="You do not have access to this page"
        back={{ to: '/dashboard', label: 'Back to the dashboard' }}
      />
    </section>
  );
}
