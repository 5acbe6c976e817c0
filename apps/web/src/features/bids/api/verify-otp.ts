import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Where the approval window's end is kept: the bid screens skip the code while it is open. */
export const APPROVAL_WINDOW_KEY = ['approvalWindow'] as const;

export async function verifyOTP(otp: string) {
  return call('verifyOTP', { otp });
}

/** Checks the code; the server opens a 10-minute approval window on this session, remembered here. */
export function useVerifyOTP() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyOTP,
    onSuccess: ({ data }) => queryClient.setQueryData(APPROVAL_WINDOW_KEY, data.approval_window_until),
  });
}
