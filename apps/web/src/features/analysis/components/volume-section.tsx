// Traded volume (bars) and average price (lines) per day, week or month of the range, by product or by state.
import { VOLUME_GROUPS, type VolumeGroup } from '@spirit/domain/analysis/analysis.constants';
import type { VolumePoint } from '@spirit/domain/analysis/analysis.schemas';
import { useMemo, useState } from 'react';
import { LazyBarChart } from '../../../ui/charts/lazy-bar-chart';
import { LazyLineChart } from '../../../ui/charts/lazy-line-chart';
import { chartLabel } from './chart-label';
import { FormField, inputClass } from '../../../ui/form-field';
import { formatMoney, formatQuantity } from '../../../ui/format';
import { LoadingState, QueryError } from '../../../ui/status-states';
import { useAnalysisVolume } from '../api/get-analysis-volume';
import { FiguresTable, type FigureColumn } from './figures-table';
import { ProductSelect } from './product-select';
import type { Range } from './range';

const GROUP_LABEL: Record<VolumeGroup, string> = { product: 'Product', state: 'State' };

/** One series per product (or state), aligned on every bucket of the answer (null where it did not trade). */
function pivot(records: VolumePoint[], value: (p: VolumePoint) => string) {
  const periods = [...new Set(records.map((r) => r.period))].sort();
  const keys = [...new Set(records.map((r) => r.key))].sort();
  const at = new Map(records.map((r) => [`${r.period}|${r.key}`, r]));
  return {
    periods,
    series: keys.map((key) => ({
      name: key,
      data: periods.map((p) => {
        const r = at.get(`${p}|${key}`);
        return r ? Number(value(r)) : null;
      }),
    })),
  };
}

const chartBase = (periods: string[], unit: string) => ({
  tooltip: { trigger: 'axis' },
  legend: { type: 'scroll', top: 0 },
  grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
  xAxis: { type: 'category', data: periods },
  yAxis: { type: 'value', name: unit },
});

export function VolumeSection({ range }: { range: Range }) {
  const [groupBy, setGroupBy] = useState<VolumeGroup>('product');
  const [product, setProduct] = useState('');
  const volume = useAnalysisVolume(range, groupBy, product);
  const records = useMemo(() => volume.data?.records ?? [], [volume.data]);
  const label = GROUP_LABEL[groupBy];
  const options = useMemo(() => {
    const bars = pivot(records, (r) => r.volume);
    const lines = pivot(records, (r) => r.avg_price);
    return {
      volume: {
        ...chartBase(bars.periods, 'B/L'),
        series: bars.series.map((s) => ({ ...s, type: 'bar', stack: 'volume' })),
      },
      price: {
        ...chartBase(lines.periods, '₹/L'),
        yAxis: { type: 'value', name: '₹/L', scale: true },
        series: lines.series.map((s) => ({ ...s, type: 'line', connectNulls: true })),
      },
    };
  }, [records]);
  const columns: FigureColumn<VolumePoint>[] = [
    { header: 'Period', cell: (r) => r.period, csv: (r) => r.period },
    { header: label, cell: (r) => r.key, csv: (r) => r.key },
    { header: 'Trades', cell: (r) => String(r.trades), csv: (r) => r.trades, numeric: true },
    { header: 'Volume (B/L)', cell: (r) => formatQuantity(r.volume, 1), csv: (r) => r.volume, numeric: true },
    { header: 'Average price (₹/L)', cell: (r) => formatMoney(r.avg_price), csv: (r) => r.avg_price, numeric: true },
  ];
  const data = volume.data;
  return (
    <div className="card">
      <h2 className="card-title">Traded volume and average price by {label.toLowerCase()}</h2>
      <div className="filter-form">
        <FormField id="volume-group" label="By">
          {(a11y) => (
            <select
              {...a11y}
              value={groupBy}
              onChange={(e) => setGroupBy(e.target.value as VolumeGroup)}
              className={inputClass(false, 'native-select')}
            >
              {VOLUME_GROUPS.map((g) => (
                <option key={g} value={g}>
                  {GROUP_LABEL[g]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <ProductSelect id="volume-product" value={product} onChange={setProduct} />
      </div>
      {volume.isPending ? (
        <LoadingState />
      ) : volume.isError ? (
        <QueryError
          error={volume.error}
          onRetry={() => void volume.refetch()}
          back={{ to: '/dashboard', label: 'Dashboard' }}
        />
      ) : (
        <>
          <p className="muted analysis-note">
            {data!.from_date} to {data!.to_date}, one point per {data!.bucket} (its first day).
          </p>
          <div className="analysis-charts">
            <LazyBarChart
              option={options.volume}
              label={chartLabel(`Traded volume by ${label.toLowerCase()}`)}
              height={320}
            />
            <LazyLineChart
              option={options.price}
              label={chartLabel(`Average price by ${label.toLowerCase()}`)}
              height={320}
            />
          </div>
          <FiguresTable
            caption={`Traded volume and average price by ${label.toLowerCase()}`}
            columns={columns}
            rows={records}
            rowKey={(r) => `${r.period}|${r.key}`}
            fileName={`traded-volume-by-${groupBy}-${data!.from_date}-to-${data!.to_date}.csv`}
          />
        </>
      )}
    </div>
  );
}
