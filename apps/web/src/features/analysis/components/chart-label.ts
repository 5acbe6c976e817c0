/** The chart's accessible name (the chart's box is one image): what it shows, and that its table holds the figures. */
export const chartLabel = (label: string) => `${label}. The figures are in the table below.`;
