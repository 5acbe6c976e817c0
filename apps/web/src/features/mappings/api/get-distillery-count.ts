import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** How many distilleries the company has at all: an empty distillery picker says "add one" or "all are mapped". */
export async function getDistilleryCount() {
  return (await call('getAllDistill', { page: 1, page_size: 5 })).data.totalRecords;
}

export function useDistilleryCount(enabled: boolean) {
  return useQuery({ queryKey: ['getAllDistill', 'count'], queryFn: getDistilleryCount, enabled, staleTime: 0 });
}
