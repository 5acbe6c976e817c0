import type { MethodBody } from '@spirit/domain/api/methods';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export function generateOtp(body: MethodBody<'generateOtp'>) {
  return call('generateOtp', body, { anonymous: true });
}

export function useGenerateOtp() {
  return useMutation({ mutationFn: generateOtp });
}
