// One ECharts instance in a sized box, drawing with whatever chart kit installed (bar-kit.ts, line-kit.ts,
// map-kit.ts): ECharts is imported part by part, so each page loads only the charts it draws. Pages never import
// this directly: they use `LazyEChart` (lazy-echart.tsx), which loads it with its kit on first use and keeps
// ECharts out of /login and the lists.
import { type EChartsCoreOption, type EChartsType, init } from 'echarts/core';
import { useEffect, useRef } from 'react';

export type EChartOption = EChartsCoreOption;

export type EChartProps = {
  option: EChartOption;
  /** Pixels; the spec's default chart height is 400. */
  height?: number;
  /** Names the chart for screen readers (the box is one image); the figures themselves belong in a table beside
   * it. ECharts' own ARIA (a generated reading of every figure) is not installed. */
  label: string;
  /** Called with the instance after each `setOption`, e.g. to hook clicks. */
  onReady?: (chart: EChartsType) => void;
};

export default function EChart({ option, height = 400, label, onReady }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, undefined, { renderer: 'svg' });
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    instance.setOption(option, { notMerge: true });
    onReady?.(instance);
  }, [option, onReady]);

  return <div ref={box} className="echart" role="img" aria-label={label} style={{ height, width: '100%' }} />;
}
