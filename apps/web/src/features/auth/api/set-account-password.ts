import type { AccountSetupInput } from '@spirit/domain/auth/auth.schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

// `createUser`/`updateUser` take either an account set-up or an Add User body (a preprocessed union, typed
// `unknown` by the contract); this call sends the set-up one.
type AccountSetupBody = AccountSetupInput;

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
