import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getSpiritsAvailableStates() {
  return (await call('getSpiritsAvailableStates', { get_company_spirits: true })).data;
}

/** The company's products, each with the states where the caller negotiates for a distillery. */
export function useSpiritsAvailableStates() {
  return useQuery({ queryKey: ['getSpiritsAvailableStates'], queryFn: getSpiritsAvailableStates, staleTime: 60_000 });
}
