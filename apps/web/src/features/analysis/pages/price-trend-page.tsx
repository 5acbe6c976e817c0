// Price / Quote Trend (spec 001 §2; issue 23 part 5): per state, the open asks (Buyer) and open offers (Seller) with
// their quantity-weighted rate, and the last 30 days of approved trades; every state of the app's list, "—" where
// nothing stands.
import type { PriceTrendRow } from '@spirit/domain/analysis/analysis.schemas';
import { useState } from 'react';
import { formatMoney, formatQuantity } from '../../../ui/format';
import { LoadingState, QueryError } from '../../../ui/status-states';
import { usePriceTrend } from '../api/get-price-trend';
import '../components/analysis.css';
import { ProductSelect } from '../components/product-select';

const NONE = '—';
const qty = (v: string | null) => formatQuantity(v, 1, NONE);
const rate = (v: string | null) => formatMoney(v, NONE);

export function PriceTrendPage() {
  const [product, setProduct] = useState('');
  const trend = usePriceTrend(product);
  return (
    <section className="page page-wide" aria-labelledby="page-title">
      <h1 id="page-title">Price / Quote Trend</h1>
      <div className="card">
        <div className="filter-form">
          <ProductSelect id="trend-product" value={product} onChange={setProduct} />
        </div>
        <p className="muted analysis-note">
          Buyer and Seller: open asks and offers, total quantity and quantity-weighted rate (₹ per litre). Last Trade:
          approved trades of the last {trend.data?.trade_days ?? 30} days.
        </p>
        {trend.isPending ? (
          <LoadingState />
        ) : trend.isError ? (
          <QueryError
            error={trend.error}
            onRetry={() => void trend.refetch()}
            back={{ to: '/dashboard', label: 'Dashboard' }}
          />
        ) : (
          <TrendTable rows={trend.data.records} product={trend.data.product} />
        )}
      </div>
    </section>
  );
}

function TrendTable({ rows, product }: { rows: PriceTrendRow[]; product: string | null }) {
  return (
    <div className="figures-scroll" tabIndex={0} role="region" aria-label="Trend table">
      <table className="figures-table trend-table">
        <caption className="visually-hidden">Price and quote trend by state{product ? ` for ${product}` : ''}</caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              State
            </th>
            <th scope="colgroup" colSpan={2} className="trend-group">
              Buyer
            </th>
            <th scope="colgroup" colSpan={2} className="trend-group">
              Seller
            </th>
            <th scope="colgroup" colSpan={2} className="trend-group">
              Last Trade
            </th>
          </tr>
          <tr>
            <th scope="col" className="numeric-cell">
              Quantity
            </th>
            <th scope="col" className="numeric-cell">
              Rate
            </th>
            <th scope="col" className="numeric-cell">
              Quantity
            </th>
            <th scope="col" className="numeric-cell">
              Rate
            </th>
            <th scope="col" className="numeric-cell">
              Volume
            </th>
            <th scope="col" className="numeric-cell">
              Avg Rate
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.state}>
              <th scope="row">{r.state}</th>
              <td className="numeric-cell">{qty(r.buyer_quantity)}</td>
              <td className="numeric-cell">{rate(r.buyer_rate)}</td>
              <td className="numeric-cell">{qty(r.seller_quantity)}</td>
              <td className="numeric-cell">{rate(r.seller_rate)}</td>
              <td className="numeric-cell">{qty(r.trade_volume)}</td>
              <td className="numeric-cell">{rate(r.trade_avg_rate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
