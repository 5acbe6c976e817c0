import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getAllStateWiseDistillforUser() {
  return (await call('getAllStateWiseDistillforUser', {})).data;
}

/** The distilleries the caller negotiates for, keyed by state. */
export function useStateWiseDistilleries() {
  return useQuery({
    queryKey: ['getAllStateWiseDistillforUser'],
    queryFn: getAllStateWiseDistillforUser,
    staleTime: 60_000,
  });
}
