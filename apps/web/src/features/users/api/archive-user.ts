import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** Archive a user; their sessions end at once. */
export function archiveUser(userId: number) {
  return call('archiveUser', { user_id: userId });
}

export function useArchiveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getAllUsers'] }),
  });
}
