import { useMutation } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function generateUserOTP() {
  return call('generateUserOTP', {});
}

/** Mails a one-time code to the signed-in user; another may be asked for after `resend_after_seconds`. */
export function useGenerateUserOTP() {
  return useMutation({ mutationFn: generateUserOTP });
}
