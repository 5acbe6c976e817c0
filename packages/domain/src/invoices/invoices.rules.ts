// Tax invoice arithmetic (DESIGN.md §4 "Invoices"): the financial year of a moment in India, invoice numbers, the
// split of GST into CGST + SGST or IGST, and amounts in words. Amounts are integer paise (bigint), as fees.rules.
import { feeTotal, fromMinor, toMinor, type Rate } from '../fees/fees.rules.js';

const IST_OFFSET_MS = 330 * 60_000;

/** The Indian financial year (April–March, in India's time) a moment falls in: `2026-27`. */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The day of a moment in India, `YYYY-MM-DD` (an invoice's date). */
export function indianDateOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export const INVOICE_SERIES = { invoice: 'SX', credit_note: 'SXCN' } as const;
export type InvoiceKind = keyof typeof INVOICE_SERIES;

/** `SX/2026-27/000001`; a credit note `SXCN/2026-27/000001` (its own gap-free series). */
export function invoiceNumber(kind: InvoiceKind, financialYear: string, n: number): string {
  return `${INVOICE_SERIES[kind]}/${financialYear}/${String(n).padStart(6, '0')}`;
}

export type FeeRates = { commission_amount: string | null; state_gst: string | null; central_gst: string | null };

/** A side's fee rates when all three are there; null otherwise (the spec's "NA"). */
export function completeRates(r: FeeRates): Pick<Rate, 'commission_amount' | 'state_gst' | 'central_gst'> | null {
  if (r.commission_amount === null || r.state_gst === null || r.central_gst === null) return null;
  return { commission_amount: r.commission_amount, state_gst: r.state_gst, central_gst: r.central_gst };
}

/**
 * A side's service fee total (spec 001 §5): quantity × rate plus state and central GST % of that base, each rounded
 * to the paisa; null ("NA") when the quantity or any rate is missing.
 */
export function sideFeeTotal(quantity: string | null, rates: FeeRates): string | null {
  const complete = completeRates(rates);
  if (quantity === null || !complete) return null;
  return feeTotal(quantity, complete).total;
}

export type InvoiceTaxes = {
  taxable: string;
  cgst_rate: string;
  sgst_rate: string;
  igst_rate: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
};

/**
 * The taxes of one side's fee on its invoice: CGST + SGST when the billed company is in the platform's state
 * (intra-state supply), IGST at the two rates added otherwise. The IGST amount is the sum of the two halves as the
 * fee screens round them (fees.rules `feeTotal`), so an invoice's total always equals the total the fee screens
 * show for the trade.
 */
export function invoiceTaxes(
  quantity: string,
  rates: Pick<Rate, 'commission_amount' | 'state_gst' | 'central_gst'>,
  intraState: boolean,
): InvoiceTaxes {
  const fee = feeTotal(quantity, rates);
  const igstRate = fromMinor(toMinor(rates.state_gst) + toMinor(rates.central_gst));
  const igst = fromMinor(toMinor(fee.state_gst) + toMinor(fee.central_gst));
  const norm = (v: string) => fromMinor(toMinor(v));
  return intraState
    ? {
        taxable: fee.base,
        cgst_rate: norm(rates.central_gst),
        sgst_rate: norm(rates.state_gst),
        igst_rate: '0.00',
        cgst: fee.central_gst,
        sgst: fee.state_gst,
        igst: '0.00',
        total: fee.total,
      }
    : {
        taxable: fee.base,
        cgst_rate: '0.00',
        sgst_rate: '0.00',
        igst_rate: igstRate,
        cgst: '0.00',
        sgst: '0.00',
        igst,
        total: fee.total,
      };
}

/** Whether a supply to a company in `companyState` is intra-state for a platform in `platformState`. */
export const isIntraState = (companyState: string, platformState: string) =>
  companyState.trim().toLowerCase() === platformState.trim().toLowerCase();

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  return [TENS[Math.floor(n / 10)]!, ONES[n % 10]!].filter(Boolean).join(' ');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', belowHundred(n % 100)].filter(Boolean).join(' ');
}

/** A whole number in words with the Indian grouping: thousand, lakh (10^5), crore (10^7); crores may repeat. */
export function numberInWords(n: bigint): string {
  if (n < 0n) return `Minus ${numberInWords(-n)}`;
  if (n === 0n) return 'Zero';
  const crore = n / 10_000_000n;
  const rest = Number(n % 10_000_000n);
  const parts: string[] = [];
  if (crore > 0n) parts.push(`${numberInWords(crore)} Crore`);
  const lakh = Math.floor(rest / 100_000);
  const thousand = Math.floor((rest % 100_000) / 1000);
  const last = rest % 1000;
  if (lakh) parts.push(`${belowHundred(lakh)} Lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} Thousand`);
  if (last) parts.push(belowThousand(last));
  return parts.join(' ');
}

/** "Rupees One Lakh Twenty Thousand and Five Paise Only" for 12000005 paise (as `"120000.05"`). */
export function amountInWords(amount: string): string {
  const paise = toMinor(amount);
  const negative = paise < 0n;
  const abs = negative ? -paise : paise;
  const rupees = abs / 100n;
  const rest = abs % 100n;
  const words = [`Rupees ${numberInWords(rupees)}`];
  if (rest > 0n) words.push(`and ${numberInWords(rest)} Paise`);
  return `${negative ? 'Minus ' : ''}${words.join(' ')} Only`;
}

/** Indian digit grouping of an amount: `12,34,567.89`. */
export function formatIndianAmount(amount: string): string {
  const [whole = '0', frac = '00'] = fromMinor(toMinor(amount)).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const head = digits.slice(0, -3);
  const tail = digits.slice(-3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${tail}` : tail;
  return `${negative ? '-' : ''}${grouped}.${frac}`;
}
