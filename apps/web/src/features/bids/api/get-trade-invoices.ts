import { useQuery } from '@tanstack/react-query';
import { call } from '../../../app/api-client';

/** The caller's side's service fee invoices of an approved trade (its fee detail, `getBidCommissionById`). */
export async function getTradeInvoices(id: number) {
  return (await call('getBidCommissionById', { id })).data.invoices;
}

/** Read only when the dialog is open on an Approved bid: before that there is no invoice. */
export function useTradeInvoices(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['getBidCommissionById', id, 'invoices'],
    queryFn: () => getTradeInvoices(id),
    enabled,
  });
}
