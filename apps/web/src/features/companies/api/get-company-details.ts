import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** A company's information; without an id, the caller's own company. */
export async function getCompanyDetails(id: number | undefined) {
  return (await call('getCompanyDetails', id === undefined ? {} : { id })).data;
}

export function useCompanyDetails(id: number | undefined, enabled = true) {
  return useQuery({ queryKey: ['getCompanyDetails', id ?? 'own'], queryFn: () => getCompanyDetails(id), enabled });
}
