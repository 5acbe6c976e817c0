// The bid funnel of the bids created in the range: placed → accepted (deal locked) → approved, rejected, lapsed.
import type { AnalysisFunnel } from '@spirit/domain/analysis/analysis.schemas';
import { useMemo } from 'react';
import { LazyBarChart } from '../../../ui/charts/lazy-bar-chart';
import { chartLabel } from './chart-label';
import { formatNumber } from '../../../ui/format';
import { LoadingState, QueryError } from '../../../ui/status-states';
import { useAnalysisFunnel } from '../api/get-analysis-funnel';
import { FiguresTable, type FigureColumn } from './figures-table';
import type { Range } from './range';

const STAGES = [
  ['placed', 'Placed'],
  ['accepted', 'Accepted'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
  ['lapsed', 'Lapsed'],
  ['open', 'Still open'],
] as const;
type Stage = { stage: string; bids: number };

const columns: FigureColumn<Stage>[] = [
  { header: 'Stage', cell: (r) => r.stage, csv: (r) => r.stage },
  { header: 'Bids', cell: (r) => formatNumber(r.bids), csv: (r) => r.bids, numeric: true },
];

export function FunnelSection({ range }: { range: Range }) {
  const funnel = useAnalysisFunnel(range);
  const rows = useMemo(
    () =>
      funnel.data
        ? STAGES.map(([key, stage]) => ({ stage, bids: funnel.data[key as keyof AnalysisFunnel] as number }))
        : [],
    [funnel.data],
  );
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: rows.map((r) => r.stage) },
      yAxis: { type: 'value', name: 'Bids' },
      series: [{ type: 'bar', name: 'Bids', data: rows.map((r) => r.bids), label: { show: true, position: 'top' } }],
    }),
    [rows],
  );
  return (
    <div className="card">
      <h2 className="card-title">Bid funnel</h2>
      {funnel.isPending ? (
        <LoadingState />
      ) : funnel.isError ? (
        <QueryError
          error={funnel.error}
          onRetry={() => void funnel.refetch()}
          back={{ to: '/dashboard', label: 'Dashboard' }}
        />
      ) : (
        <>
          <p className="muted analysis-note">
            Bids created from {funnel.data.from_date} to {funnel.data.to_date}; accepted means both negotiators agreed
            the terms.
          </p>
          <LazyBarChart option={option} label={chartLabel('Bid funnel')} height={300} />
          <FiguresTable
            caption="Bid funnel"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.stage}
            fileName={`bid-funnel-${funnel.data.from_date}-to-${funnel.data.to_date}.csv`}
          />
        </>
      )}
    </div>
  );
}
