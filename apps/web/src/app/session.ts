// The signed-in session: the token and the user the server returned at sign-in, kept in localStorage so a reload
// or a second tab stays signed in. A tiny external store read through `useSession`.
import type { SessionUser } from '@spirit/domain/auth/auth.schemas';
import { useSyncExternalStore } from 'react';

export type Session = { token: string; user: SessionUser };

/** Why the last session ended; the login page shows a notice for `expired`. */
export type SignOutReason = 'signed-out' | 'expired' | 'password-changed';

const STORAGE_KEY = 'spirit.session';

const listeners = new Set<() => void>();
let current: Session | null = readStored();
let lastReason: SignOutReason | null = null;

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const { token, user } = value as Partial<Session>;
  return (
    typeof token === 'string' &&
    token.length > 0 &&
    !!user &&
    typeof user === 'object' &&
    typeof user.id === 'number' &&
    Array.isArray(user.roles)
  );
}

function readStored(): Session | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  return current;
}

export function setSession(session: Session): void {
  current = session;
  lastReason = null;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  } catch {
    // Private mode or a full quota: the session still lives for this tab.
  }
  emit();
}

export function clearSession(reason: SignOutReason = 'signed-out'): void {
  const had = current !== null;
  current = null;
  if (had || reason !== 'signed-out') lastReason = reason;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored to remove.
  }
  if (had) emit();
}

/** Why the previous session ended (until the next sign-in or `clearSignOutReason`). */
export function peekSignOutReason(): SignOutReason | null {
  return lastReason;
}

export function clearSignOutReason(): void {
  lastReason = null;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function isSuperAdmin(user: SessionUser | null | undefined): boolean {
  return !!user && (user.roles.includes('SuperAdmin') || user.userType === 'SuperAdmin');
}

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    current = readStored();
    emit();
  });
}
