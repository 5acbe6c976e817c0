import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type ApiKeyListBody = MethodBody<'getApiKeys'>;

export async function getApiKeys(body: ApiKeyListBody) {
  return (await call('getApiKeys', body)).data;
}

export function useApiKeys(body: ApiKeyListBody) {
  return useQuery({
    queryKey: ['getApiKeys', body],
    queryFn: () => getApiKeys(body),
    placeholderData: keepPreviousData,
  });
}
