import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Public registration; sent without a session (spec 000 §7). */
export function createCompany(body: MethodBody<'createCompany'>) {
  return call('createCompany', body, { anonymous: true });
}

export function useCreateCompany() {
  return useMutation({ mutationFn: createCompany });
}
