// The chart component, loaded on first use: a page's first paint never waits for ECharts.
import { lazy, Suspense } from 'react';
import type { EChartProps } from './echart';

const EChart = lazy(() => import('./echart'));

export function LazyEChart(props: EChartProps) {
  const height = props.height ?? 400;
  return (
    <Suspense
      fallback={
        <div className="echart echart-loading" style={{ height }} role="status">
          Loading chart…
        </div>
      }
    >
      <EChart {...props} />
    </Suspense>
  );
}
