import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** The company's products (the keys of getSpiritsAvailableStates): what an alert may watch. */
export async function getCompanyProducts() {
  return (await call('getSpiritsAvailableStates', { get_company_spirits: true })).data;
}

export function useCompanyProducts() {
  const query = useQuery({ queryKey: ['getSpiritsAvailableStates'], queryFn: getCompanyProducts, staleTime: 60_000 });
  return { ...query, products: Object.keys(query.data ?? {}).sort((a, b) => a.localeCompare(b)) };
}
