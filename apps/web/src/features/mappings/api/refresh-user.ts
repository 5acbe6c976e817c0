import { useMutation } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { getSession, setSession } from '../../../app/session';

/**
 * Reloads the signed-in user (roles are derived from mappings, so mapping oneself changes them) and keeps the
 * fresh roles in the session, as spec 000 §4 asks after a mapping is saved.
 */
export async function refreshUser(): Promise<void> {
  const { data } = await call('refreshUser', {});
  const session = getSession();
  if (session) setSession({ token: session.token, user: data.user });
}

export function useRefreshUser() {
  return useMutation({ mutationFn: refreshUser });
}
