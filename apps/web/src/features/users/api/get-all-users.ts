import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type UserListBody = MethodBody<'getAllUsers'>;

export async function getAllUsers(body: UserListBody) {
  return (await call('getAllUsers', body)).data;
}

export function useAllUsers(body: UserListBody) {
  return useQuery({
    queryKey: ['getAllUsers', body],
    queryFn: () => getAllUsers(body),
    placeholderData: keepPreviousData,
  });
}
