import type { MethodBody } from '@spirit/domain/api/methods';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type AuditQueryBody = MethodBody<'getAuditLog'>;

export async function getAuditLog(body: AuditQueryBody) {
  return (await call('getAuditLog', body)).data;
}

/** One page of the audit log, newest first. */
export function useAuditLog(body: AuditQueryBody) {
  return useQuery({
    queryKey: ['getAuditLog', body],
    queryFn: () => getAuditLog(body),
    placeholderData: keepPreviousData,
  });
}
