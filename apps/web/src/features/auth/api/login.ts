import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function login(body: MethodBody<'login'>) {
  return call('login', body, { anonymous: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
