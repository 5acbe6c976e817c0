/**
 * The chart's accessible name: ECharts' ARIA writes its own description onto the chart's box (every figure read
 * out, gaps as NaN); ours names the chart and points to its table, which holds the same figures.
 */
export const chartAria = (label: string) => ({
  aria: { enabled: true, label: { description: `${label}. The figures are in the table below.` } },
});
