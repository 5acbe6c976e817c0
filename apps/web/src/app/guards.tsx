// Route guards. Like the product's navigation guards they decide when the user arrives at a route: a session that
// ends while a page is open (a password change) does not yank the page away; the next navigation decides, and a
// call answered 401 "Invalid token" navigates to /login itself (router.tsx).
import { mayCall } from '@spirit/domain/api/access';
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Guard } from './routes';
import { isSuperAdmin, useSession, type Session } from './session';

type Decision = { allow: true } | { allow: false; to: string };

export function decide(guard: Guard, session: Session | null): Decision {
  if (guard === 'public') return { allow: true };
  // Sign-in and registration are for visitors: a signed-in user goes on to the dashboard.
  if (guard === 'guest') return session ? { allow: false, to: '/dashboard' } : { allow: true };
  if (!session) return { allow: false, to: '/login' };
  if (session.user.roles.length === 0) return { allow: false, to: '/error' };
  if (guard === 'superadmin' && !isSuperAdmin(session.user)) return { allow: false, to: '/dashboard' };
  // A screen whose calls the user's roles may not make: the dashboard, not a frame that then fails.
  if (typeof guard === 'object' && !mayCall(guard.calls, session.user.roles)) return { allow: false, to: '/dashboard' };
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

export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const session = useSessionAtArrival();
  const decision = decide(guard, session);
  if (!decision.allow) return <Navigate to={decision.to} replace />;
  return children;
}
