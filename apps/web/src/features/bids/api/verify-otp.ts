import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Where the approval window's end is kept: the bid screens skip the code while it is open. */
export const APPROVAL_WINDOW_KEY = ['approvalWindow'] as const;

/** Whether the window this browser opened is still running (the server decides; a closed one answers step_up_required). */
export function approvalWindowOpen(queryClient: QueryClient, now = Date.now()) {
  const until = queryClient.getQueryData<string | null>(APPROVAL_WINDOW_KEY);
  return !!until && Date.parse(until) > now;
}

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
