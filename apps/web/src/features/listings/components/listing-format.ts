// How listings read on every screen: periods as MM-yyyy, litres with Indian grouping and the one decimal they are
// kept in, rupees per litre with paise.
import { formatPeriod, formatQuantity } from '../../../ui/format';

type Numeric = string | number | null | undefined;

/** 250000.5 → "2,50,000.5 B/L" (whole litres without a decimal). */
export const formatLitres = (value: Numeric, fallback = ''): string => formatQuantity(value, 1, fallback);

/** "05-2026 – 08-2026"; one month once. */
export function formatPeriodRange(from: string, to: string): string {
  return from === to ? formatPeriod(from) : `${formatPeriod(from)} – ${formatPeriod(to)}`;
}
