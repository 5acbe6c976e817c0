import type { addUserSchema } from '@spirit/domain/users/users.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../app/api-client';

/** Add User: the server mails the new user a set-password link. */
export function createUser(body: z.input<typeof addUserSchema>) {
  return call('createUser', body);
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getAllUsers'] }),
  });
}
