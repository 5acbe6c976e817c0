import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Mail a fresh set-password link to a user who has not set a password. */
export function sendUserCredentials(userId: number) {
  return call('sendUserCredentials', { user_id: userId });
}

export function useSendUserCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendUserCredentials,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getAllUsers'] }),
  });
}
