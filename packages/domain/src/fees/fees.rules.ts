// Which rate applies, and what a fee comes to, in integer minor units (paise).
export type Rate = {
  company_type: 'Seller' | 'Buyer';
  company_id: number | null;
  product: string | null;
  commission_amount: string;
  state_gst: string;
  central_gst: string;
};

/** The most specific rate wins: company + product, company, type + product, type. */
export function pickRate<R extends Rate>(
  rates: readonly R[],
  target: { companyType: 'Seller' | 'Buyer'; companyId: number; product: string },
): R | null {
  const score = (r: R) => {
    if (r.company_type !== target.companyType) return -1;
    if (r.company_id !== null && r.company_id !== target.companyId) return -1;
    if (r.product !== null && r.product !== target.product) return -1;
    return (r.company_id !== null ? 2 : 0) + (r.product !== null ? 1 : 0);
  };
  let best: R | null = null;
  let bestScore = -1;
  for (const r of rates) {
    const s = score(r);
    if (s > bestScore) [best, bestScore] = [r, s];
  }
  return best;
}

/** "12.34" → 1234. Decimal strings only; never through float multiplication. */
export function toMinor(value: string, decimals = 2): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, sign, whole, frac = ''] = match;
  const digits = BigInt(whole + frac.padEnd(decimals, '0').slice(0, decimals));
  return sign ? -digits : digits;
}

export function fromMinor(value: bigint, decimals = 2): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** Fee for a side: quantity (litres, 1 decimal) × rate (₹/litre) plus state and central GST % of that base, rounded to paise. */
export function feeTotal(quantity: string, rate: Pick<Rate, 'commission_amount' | 'state_gst' | 'central_gst'>) {
  const q = toMinor(quantity, 1); // decilitres
  const r = toMinor(rate.commission_amount, 2); // paise per litre
  const base = divRound(q * r, 10n); // paise
  const sgst = divRound(base * toMinor(rate.state_gst, 2), 10_000n);
  const cgst = divRound(base * toMinor(rate.central_gst, 2), 10_000n);
  return {
    base: fromMinor(base),
    state_gst: fromMinor(sgst),
    central_gst: fromMinor(cgst),
    total: fromMinor(base + sgst + cgst),
  };
}

/** n ÷ d rounded half up (non-negative values), for amounts in minor units. */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const rem = n % d;
  return rem * 2n >= d ? q + 1n : q;
}
