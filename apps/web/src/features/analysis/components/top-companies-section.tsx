// Companies by traded volume as buyer or seller in the range, with their real names (the SuperAdmin's screen).
import type { TopCompany } from '@spirit/domain/analysis/analysis.schemas';
import { useMemo, useState } from 'react';
import { LazyBarChart } from '../../../ui/charts/lazy-bar-chart';
import { chartLabel } from './chart-label';
import { formatMoney, formatQuantity } from '../../../ui/format';
import { LoadingState, QueryError } from '../../../ui/status-states';
import { useAnalysisTopCompanies } from '../api/get-analysis-top-companies';
import { FiguresTable, type FigureColumn } from './figures-table';
import { ProductSelect } from './product-select';
import type { Range } from './range';

type Ranked = TopCompany & { rank: number };

const columns: FigureColumn<Ranked>[] = [
  { header: 'Rank', cell: (r) => String(r.rank), csv: (r) => r.rank, numeric: true },
  { header: 'Company', cell: (r) => r.company_name, csv: (r) => r.company_name },
  { header: 'Type', cell: (r) => r.company_type, csv: (r) => r.company_type },
  { header: 'Trades', cell: (r) => String(r.trades), csv: (r) => r.trades, numeric: true },
  { header: 'Volume (B/L)', cell: (r) => formatQuantity(r.volume, 1), csv: (r) => r.volume, numeric: true },
  { header: 'Average price (₹/L)', cell: (r) => formatMoney(r.avg_price), csv: (r) => r.avg_price, numeric: true },
];

export function TopCompaniesSection({ range }: { range: Range }) {
  const [product, setProduct] = useState('');
  const top = useAnalysisTopCompanies(range, product);
  const rows = useMemo(() => (top.data?.records ?? []).map((r, i) => ({ ...r, rank: i + 1 })), [top.data]);
  const option = useMemo(() => {
    // The largest at the top: a category axis draws its first entry at the bottom.
    const shown = [...rows].reverse();
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 24, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'value', name: 'B/L' },
      yAxis: { type: 'category', data: shown.map((r) => r.company_name) },
      series: [{ type: 'bar', name: 'Volume (B/L)', data: shown.map((r) => Number(r.volume)) }],
    };
  }, [rows]);
  return (
    <div className="card">
      <h2 className="card-title">Top companies by traded volume</h2>
      <div className="filter-form">
        <ProductSelect id="top-product" value={product} onChange={setProduct} />
      </div>
      {top.isPending ? (
        <LoadingState />
      ) : top.isError ? (
        <QueryError
          error={top.error}
          onRetry={() => void top.refetch()}
          back={{ to: '/dashboard', label: 'Dashboard' }}
        />
      ) : (
        <>
          <LazyBarChart
            option={option}
            label={chartLabel('Top companies by traded volume')}
            height={Math.max(240, rows.length * 32 + 48)}
          />
          <FiguresTable
            caption="Top companies by traded volume"
            columns={columns}
            rows={rows}
            rowKey={(r) => String(r.company_id)}
            fileName={`top-companies-${top.data.from_date}-to-${top.data.to_date}.csv`}
          />
        </>
      )}
    </div>
  );
}
