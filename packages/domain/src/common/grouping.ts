// How the app groups digits, free of zod: constants and rules that word their messages with it (listings, alerts)
// load with pages that draw no form, and bring no schema library (docs/decisions.md "Page-weight budgets").

/**
 * A whole number in Indian digit grouping, as the app shows figures: 1000000 → "10,00,000" (the last three digits,
 * then pairs). Messages use it so a limit reads as the field shows it. Fractions are kept as they are.
 */
export function groupIndian(value: number): string {
  const [whole = '', fraction] = String(Math.abs(value)).split('.');
  const last = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  const grouped = rest ? `${rest},${last}` : last;
  return `${value < 0 ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}
