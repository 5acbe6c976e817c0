// The SuperAdmin's "Commission Data Over Time" (spec 001 §2): buyer, seller and total service fees of the trades
// approved each day, as a bar chart 400 px high (ECharts loaded on first use), with the same figures as a table for
// keyboard and screen-reader users.
import type { CommissionDay } from '@spirit/domain/dashboards/dashboards.schemas';
import { useMemo } from 'react';
import { errorText } from '../../../app/api-client';
import { LazyBarChart } from '../../../ui/charts/lazy-bar-chart';
import { formatMoney } from '../../../ui/format';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/status-states';
import { useDashboardCommissionData } from '../api/get-dashboard-commission-data';

const SERIES = [
  { key: 'buyer_commission', name: 'Buyer Commission', color: '#2563eb' },
  { key: 'seller_commission', name: 'Seller Commission', color: '#16a34a' },
  { key: 'total_commission', name: 'Total Commission', color: '#9333ea' },
] as const;

const LABEL = 'Commission Data Over Time, bar chart of buyer, seller and total commission by date';

function optionOf(rows: CommissionDay[]) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, bottom: 8, top: 40, containLabel: true },
    xAxis: { type: 'category', data: rows.map((r) => r.date) },
    yAxis: { type: 'value', name: '₹' },
    series: SERIES.map((s) => ({
      type: 'bar',
      name: s.name,
      itemStyle: { color: s.color },
      data: rows.map((r) => Number(r[s.key])),
    })),
  };
}

export function CommissionChart() {
  const result = useDashboardCommissionData();
  const rows = result.data;
  const option = useMemo(() => (rows ? optionOf(rows) : null), [rows]);
  let body;
  if (result.isError) body = <ErrorState message={errorText(result.error)} onRetry={() => void result.refetch()} />;
  else if (!rows || !option) body = <LoadingState />;
  else if (rows.length === 0) body = <EmptyState message="No approved trades in the last 90 days" />;
  else
    body = (
      <>
        <LazyBarChart option={option} height={400} label={`${LABEL}; the figures are in the table below.`} />
        <details className="chart-figures">
          <summary>Figures as a table</summary>
          <table className="figures-table">
            <caption className="visually-hidden">Commission by date, in rupees</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {SERIES.map((s) => (
                  <th scope="col" key={s.key}>
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.date}>
                  <th scope="row">{r.date}</th>
                  {SERIES.map((s) => (
                    <td key={s.key} className="numeric-cell">
                      {formatMoney(r[s.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </>
    );
  return (
    <section className="card dashboard-chart" aria-labelledby="commission-title">
      <h2 className="card-title" id="commission-title">
        Commission Data Over Time
      </h2>
      {body}
    </section>
  );
}
