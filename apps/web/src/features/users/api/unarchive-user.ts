import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Restore an archived user. */
export function unarchiveUser(userId: number) {
  return call('unarchiveUser', { user_id: userId });
}

export function useUnarchiveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unarchiveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getAllUsers'] }),
  });
}
