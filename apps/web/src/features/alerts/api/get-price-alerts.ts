import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export async function getPriceAlerts(body: MethodBody<'getPriceAlerts'>) {
  return (await call('getPriceAlerts', body)).data;
}

export function usePriceAlerts(body: MethodBody<'getPriceAlerts'>) {
  return useQuery({
    queryKey: ['getPriceAlerts', body],
    queryFn: () => getPriceAlerts(body),
    placeholderData: keepPreviousData,
  });
}
