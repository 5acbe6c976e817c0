import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

export type CompanyCounts = { pending: number; approvedBuyers: number; approvedSellers: number };

/** How many companies answer a filter: the list call's total, for one row's worth of work. */
async function countOf(search: { type?: 'Buyer' | 'Seller'; status: ('Pending' | 'Approved')[] }): Promise<number> {
  return (await call('getAllCompany', { page: 1, page_size: 5, search })).data.totalRecords;
}

/**
 * The SuperAdmin's figures that exist before trading (spec 001 §2 Dashboard): pending prospects and approved
 * buyers and sellers, read from the clients list call until the dashboard's own call comes with the trading work.
 */
export function useCompanyCounts(enabled: boolean) {
  return useQuery({
    queryKey: ['getAllCompany', 'dashboard-counts'],
    enabled,
    queryFn: async (): Promise<CompanyCounts> => {
      const [pending, approvedBuyers, approvedSellers] = await Promise.all([
        countOf({ status: ['Pending'] }),
        countOf({ type: 'Buyer', status: ['Approved'] }),
        countOf({ type: 'Seller', status: ['Approved'] }),
      ]);
      return { pending, approvedBuyers, approvedSellers };
    },
  });
}
