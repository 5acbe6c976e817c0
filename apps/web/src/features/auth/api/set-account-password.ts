import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

type AccountSetupBody = MethodBody<'updateUser'>;

/**
 * Sets the password of an invited account: `updateUser` when the link named an existing user, else `createUser`
 * (DESIGN.md "Account set-up"). Sent without a session: the invitation token is the credential.
 */
export function setAccountPassword(body: AccountSetupBody) {
  const method = body.id ? 'updateUser' : 'createUser';
  return call(method, body, { anonymous: true });
}

export function useSetAccountPassword() {
  return useMutation({ mutationFn: setAccountPassword });
}
