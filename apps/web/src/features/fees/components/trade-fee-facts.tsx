// The figures of a trade's service fee (spec 001 "Service Fee detail"): the trade, then per side the caller may see
// the party, its rate, the two GST rates and amounts and the total including tax, "NA" when a part is missing.
import type { BidSide } from '@spirit/domain/bids/bids.constants';
import type { BidCommission } from '@spirit/domain/fees/trade-fees.schemas';
import { formatDateTime, formatMoney, formatPercent, formatQuantity } from '../../../ui/format';
import { Facts } from '../../../ui/item-facts';

const NA = 'NA';
const LABEL = { buyer: 'Buyer', seller: 'Seller' } as const;

/** The sides present in the answer: the server leaves out the other side's keys for a company user. */
export const visibleSides = (trade: BidCommission): BidSide[] =>
  (['buyer', 'seller'] as const).filter((side) => `${side}_fee` in trade);

export function TradeFacts({ trade }: { trade: BidCommission }) {
  return (
    <Facts
      facts={[
        { label: 'Product', value: trade.product },
        { label: 'Trade Reference No', value: trade.trade_reference_number },
        { label: 'From Distillery', value: trade.from_distillery_name },
        { label: 'To Distillery', value: trade.to_distillery_name },
        { label: 'Price', value: formatMoney(trade.price) },
        { label: 'Quantity (B/L)', value: formatQuantity(trade.quantity, 1) },
        { label: 'Approved On', value: formatDateTime(trade.approved_on) },
      ]}
    />
  );
}

export function SideFeeFacts({ trade, side }: { trade: BidCommission; side: BidSide }) {
  const fee = trade[`${side}_fee`] ?? null;
  return (
    <section className="card fee-side" aria-labelledby={`fee-${side}`}>
      <h2 id={`fee-${side}`}>{LABEL[side]}’s service fee</h2>
      <Facts
        facts={[
          { label: `${LABEL[side]} Name`, value: trade[`${side}_company_name`] },
          { label: 'State', value: trade[`${side}_company_state`] },
          { label: 'Distillery', value: trade[`${side}_distillery_name`] },
          { label: 'Service Charge (per litre)', value: formatMoney(trade[`${side}_commission_amount`], NA) },
          { label: 'Service Charge Amount', value: fee ? formatMoney(fee.base) : NA },
          {
            label: `Central GST (${formatPercent(trade[`${side}_central_gst`], NA)})`,
            value: fee ? formatMoney(fee.central_gst) : NA,
          },
          {
            label: `State GST (${formatPercent(trade[`${side}_state_gst`], NA)})`,
            value: fee ? formatMoney(fee.state_gst) : NA,
          },
          { label: 'Total (Inc Tax)', value: fee ? <strong>{formatMoney(fee.total)}</strong> : NA },
        ]}
      />
    </section>
  );
}
