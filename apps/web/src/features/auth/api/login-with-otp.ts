import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function loginWithOtp(body: MethodBody<'loginWithOtp'>) {
  return call('loginWithOtp', body, { anonymous: true });
}

export function useLoginWithOtp() {
  return useMutation({ mutationFn: loginWithOtp });
}
