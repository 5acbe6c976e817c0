// One ECharts instance in a sized box. This module pulls in ECharts itself, so pages never import it directly:
// they use `LazyEChart` (lazy-echart.tsx), which loads it on first use and keeps it out of /login and the lists.
import { BarChart, LineChart, MapChart, ScatterChart } from 'echarts/charts';
import {
  AriaComponent,
  DatasetComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import { type EChartsCoreOption, type EChartsType, init, registerMap, use as installEChartsParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

installEChartsParts([
  BarChart,
  LineChart,
  MapChart,
  ScatterChart,
  AriaComponent,
  DatasetComponent,
  GeoComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  SVGRenderer,
]);

export type EChartOption = EChartsCoreOption;

/** An SVG outline ECharts can draw as a `geo`/`map` named `name` (registered once per name). */
export function registerSvgMap(name: string, svg: string): void {
  registerMap(name, { svg });
}

export type EChartProps = {
  option: EChartOption;
  /** Pixels; the spec's default chart height is 400. */
  height?: number;
  /** Names the chart for screen readers; the figures themselves belong in a table beside it. */
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
    instance.setOption({ aria: { enabled: true }, ...option }, { notMerge: true });
    onReady?.(instance);
  }, [option, onReady]);

  return <div ref={box} className="echart" role="img" aria-label={label} style={{ height, width: '100%' }} />;
}
