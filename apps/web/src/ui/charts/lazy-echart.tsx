// The chart components, each loaded on first use with the ECharts parts its kind needs (bar-kit.ts, line-kit.ts,
// map-kit.ts): a page's first paint never waits for ECharts, and a page of bar charts loads neither the map's code
// nor the lines'. One module per kind, so the build's manifest tells which kit a page loads (bench/web.mjs counts
// it in the page's weight).
import { lazy, Suspense, type ComponentType } from 'react';
import type { EChartProps } from './echart';

export function lazyChart(load: () => Promise<{ default: ComponentType<EChartProps> }>) {
  const EChart = lazy(load);
  return function LazyEChart(props: EChartProps) {
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
  };
}
