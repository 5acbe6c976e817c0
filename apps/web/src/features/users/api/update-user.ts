import type { editUserSchema } from '@spirit/domain/users/users.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../app/api-client';

export function updateUser(body: z.input<typeof editUserSchema>) {
  return call('updateUser', body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).includes('User') }),
  });
}
