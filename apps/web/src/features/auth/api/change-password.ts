import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function changePassword(body: MethodBody<'changePassword'>) {
  return call('changePassword', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
