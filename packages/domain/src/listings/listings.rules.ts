// Pure rules of offers and asks: periods, amounts in minor units, masking, the final (landed) price, who is a possible
// counterparty and who may manage a listing. The server and the web app call the same functions.
import { divRound, fromMinor, toMinor } from '../fees/fees.rules.js';
import type { ASK_FEE_FIELDS } from './listings.constants.js';
import {
  LISTING_MESSAGES,
  LISTING_TERM_FIELDS,
  MAX_PERIOD_MONTHS_AHEAD,
  type ListingSide,
  type ListingTermField,
} from './listings.constants.js';

export const PERIOD_PATTERN = /^[0-9]{4}-(0[1-9]|1[0-2])$/;

/** The month of `now` in India (periods are Indian calendar months), `YYYY-MM`. */
export function currentPeriod(now: Date): string {
  const ist = new Date(now.getTime() + 330 * 60_000);
  return `${ist.getUTCFullYear()}-${String(ist.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** "Date range is invalid !!" unless both are months and from ≤ to; null when fine. */
export function periodRangeError(from: string, to: string): string | null {
  if (!PERIOD_PATTERN.test(from) || !PERIOD_PATTERN.test(to)) return LISTING_MESSAGES.invalidDate;
  return from > to ? LISTING_MESSAGES.dateRange : null;
}

/** The month `months` after `period` (before it when negative), `YYYY-MM`. */
export function addMonths(period: string, months: number): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The bounds of a listing's periods (docs/decisions.md), as `{field: message}`: From no earlier than the current
 * month — unless it is the edited listing's own From, unchanged — and To no later than 24 months after it. Months
 * that are not `YYYY-MM` are the schema's to report.
 */
export function periodBoundErrors(
  form: { from_period: string; to_period: string },
  opts: { currentPeriod: string; keptFromPeriod?: string | undefined },
): Record<string, string> {
  const fields: Record<string, string> = {};
  const { from_period: from, to_period: to } = form;
  if (PERIOD_PATTERN.test(from) && from < opts.currentPeriod && from !== opts.keptFromPeriod)
    fields.from_period = LISTING_MESSAGES.fromPeriodPast;
  if (PERIOD_PATTERN.test(to) && to > addMonths(opts.currentPeriod, MAX_PERIOD_MONTHS_AHEAD))
    fields.to_period = LISTING_MESSAGES.toPeriodTooFar;
  return fields;
}

export const periodsOverlap = (a: { from_period: string; to_period: string }, b: typeof a) =>
  a.from_period <= b.to_period && b.from_period <= a.to_period;

/** `****` + the last two characters (spec 001 §9), whatever the name's length. */
export function maskName(name: string): string {
  return `****${name.trim().slice(-2)}`;
}

type Decimal = string | number | null | undefined;
/** A decimal (string from the database, number from a form) in minor units; blank is zero. */
export function minorOf(value: Decimal, decimals: number): bigint {
  if (value === null || value === undefined || value === '') return 0n;
  return toMinor(typeof value === 'number' ? value.toFixed(decimals) : value, decimals);
}
/** Litres (1 decimal) as decilitres. */
export const decilitres = (value: Decimal) => minorOf(value, 1);
/** Rupees (2 decimals) as paise. */
export const paise = (value: Decimal) => minorOf(value, 2);
export const litresOf = (dl: bigint) => fromMinor(dl, 1);
export const rupeesOf = (p: bigint) => fromMinor(p, 2);

export type PriceParts = {
  price: Decimal;
  sales_tax?: Decimal;
  import_pass_fee?: Decimal;
  escort_fee?: Decimal;
  transit_permit_fee?: Decimal;
  corporation_fee?: Decimal;
  misc_handling?: Decimal;
  transportation?: Decimal;
  export_pass_fee?: Decimal;
};

/** The final price's parts in minor units (paise; the sales tax in basis points), each parsed once. */
function finalMinor(parts: PriceParts) {
  const price = paise(parts.price);
  const taxBasisPoints = minorOf(parts.sales_tax, 2);
  const tax = divRound(price * taxBasisPoints, 10_000n);
  const fees = {
    import_pass_fee: paise(parts.import_pass_fee),
    escort_fee: paise(parts.escort_fee),
    transit_permit_fee: paise(parts.transit_permit_fee),
    corporation_fee: paise(parts.corporation_fee),
    misc_handling: paise(parts.misc_handling),
    transportation: paise(parts.transportation),
  } satisfies Record<(typeof ASK_FEE_FIELDS)[number], bigint>;
  const exportPass = paise(parts.export_pass_fee);
  const total =
    price +
    tax +
    fees.import_pass_fee +
    fees.escort_fee +
    fees.transit_permit_fee +
    fees.corporation_fee +
    fees.misc_handling +
    fees.transportation +
    exportPass;
  return { price, taxBasisPoints, tax, fees, exportPass, total };
}

/**
 * The final price of spec 001 §5: the price increased by sales_tax percent, plus import pass, escort, transit permit,
 * corporation, misc handling and transportation fees, plus the item's export pass fee; 2 decimals, rounded half up.
 * Every part is ₹ per litre; arithmetic is in paise.
 */
export function finalPrice(parts: PriceParts) {
  const m = finalMinor(parts);
  return {
    price: rupeesOf(m.price),
    sales_tax: fromMinor(m.taxBasisPoints, 2),
    sales_tax_amount: rupeesOf(m.tax),
    import_pass_fee: rupeesOf(m.fees.import_pass_fee),
    escort_fee: rupeesOf(m.fees.escort_fee),
    transit_permit_fee: rupeesOf(m.fees.transit_permit_fee),
    corporation_fee: rupeesOf(m.fees.corporation_fee),
    misc_handling: rupeesOf(m.fees.misc_handling),
    transportation: rupeesOf(m.fees.transportation),
    export_pass_fee: rupeesOf(m.exportPass),
    total: rupeesOf(m.total),
  };
}

/** `finalPrice(parts).total` alone: a list's rows show only the total, and formatting every part cost as much. */
export const finalTotal = (parts: PriceParts) => rupeesOf(finalMinor(parts).total);

/**
 * What `quantity` litres come to at `perLitre` ₹ (a bill's amount): litres × price, rounded half up to the paisa.
 * Decilitres × paise, never through float multiplication.
 */
export function amountOf(opts: { quantity: Decimal; perLitre: Decimal }): string {
  return rupeesOf(divRound(decilitres(opts.quantity) * paise(opts.perLitre), 10n));
}

type FeeHolder = Omit<PriceParts, 'price'>;
/**
 * The landed price per litre of a possible trade at `price`: the offer's sales tax and export pass fee, the ask's
 * delivery fees (DESIGN.md §4 "Landed price").
 */
export function landedPrice(opts: { offer: FeeHolder; ask: FeeHolder; price: Decimal }) {
  return finalPrice(landedParts(opts));
}

/** `landedPrice(opts).total` alone (`finalTotal`). */
export const landedTotal = (opts: { offer: FeeHolder; ask: FeeHolder; price: Decimal }) =>
  finalTotal(landedParts(opts));

/** A possible trade's price parts: the price, the offer's sales tax and export pass fee, the ask's delivery fees. */
function landedParts(opts: { offer: FeeHolder; ask: FeeHolder; price: Decimal }): PriceParts {
  const { offer, ask } = opts;
  return {
    price: opts.price,
    sales_tax: offer.sales_tax,
    export_pass_fee: offer.export_pass_fee,
    import_pass_fee: ask.import_pass_fee,
    escort_fee: ask.escort_fee,
    transit_permit_fee: ask.transit_permit_fee,
    corporation_fee: ask.corporation_fee,
    misc_handling: ask.misc_handling,
    transportation: ask.transportation,
  };
}

export type MatchListing = {
  side: ListingSide;
  company_id: number;
  product: string;
  from_period: string;
  to_period: string;
  status: 'Open' | 'Closed';
  available_quantity: Decimal;
  company_approved: boolean;
};

/** Open: status Open, its company Approved, To Period not passed, quantity left (DESIGN.md §4). */
export function isOpen(l: Omit<MatchListing, 'side' | 'company_id' | 'product' | 'from_period'>, now: Date): boolean {
  return (
    l.status === 'Open' &&
    l.company_approved &&
    l.to_period >= currentPeriod(now) &&
    decilitres(l.available_quantity) > 0n
  );
}

type Terms = Pick<MatchListing, 'side' | 'product' | 'from_period' | 'to_period'>;
/** Two listings whose terms a bid may join: opposite sides, one product, overlapping periods. */
export const termsPair = (a: Terms, b: Terms): boolean =>
  a.side !== b.side && a.product === b.product && periodsOverlap(a, b);

/** A possible counterparty of `mine`: open, the other side, same product, overlapping period, another company. */
export function isPossibleCounterparty(mine: MatchListing, other: MatchListing, now: Date): boolean {
  return termsPair(mine, other) && other.company_id !== mine.company_id && isOpen(other, now);
}

/** Only the Negotiator mapped to the listing's distillery creates or edits it (DESIGN.md §4). */
export function mayManageListing(
  actor: { companyId: number | null; negotiatedDistilleryIds: ReadonlySet<number> },
  listing: { company_id: number; distillery_id: number },
): boolean {
  return actor.companyId === listing.company_id && actor.negotiatedDistilleryIds.has(listing.distillery_id);
}

/**
 * Quantity already committed by approved trades (original − available); an edit may not go below it. Returns the
 * new available quantity in decilitres, or the refusal.
 */
export function requantify(opts: {
  original: Decimal;
  available: Decimal;
  wanted: Decimal;
}): { error: string } | { available: bigint } {
  const committed = decilitres(opts.original) - decilitres(opts.available);
  const wanted = decilitres(opts.wanted);
  if (wanted < committed) return { error: LISTING_MESSAGES.belowCommitted(litresOf(committed)) };
  return { available: wanted - committed };
}

type ListingTerms = Record<ListingTermField, string | number>;
/**
 * The terms an edit would change, each with the refusal's message: what is refused while a bid on the listing is
 * open (DESIGN.md §4 "Listing terms under a deal"); price and quantity are not among them.
 */
export function changedTermErrors(before: ListingTerms, next: ListingTerms): Record<string, string> {
  return Object.fromEntries(
    LISTING_TERM_FIELDS.filter((f) => before[f] !== next[f]).map((f) => [f, LISTING_MESSAGES.termsUnderBids]),
  );
}

/** What the form's choices must match on the server: the caller's distilleries, the company's products, real states. */
export type ListingContext = {
  /** Distilleries the caller negotiates for, with their state. */
  distilleries: ReadonlyMap<number, { state: string }>;
  products: ReadonlySet<string>;
  states: ReadonlySet<string>;
  currentPeriod: string;
};

/**
 * The checks a schema cannot make, as `{field: message}`; empty when the form may be saved. `existing` is the
 * listing an edit changes: its From Period may stay where it is even once that month has passed.
 */
export function listingContextErrors(
  form: { state: string; distillery_id: number; product: string; from_period: string; to_period: string },
  ctx: ListingContext,
  existing?: { from_period: string },
): Record<string, string> {
  const fields: Record<string, string> = {};
  const distillery = ctx.distilleries.get(form.distillery_id);
  if (!ctx.states.has(form.state)) fields.state = LISTING_MESSAGES.unknownState;
  else if (distillery && distillery.state !== form.state) fields.state = LISTING_MESSAGES.stateMismatch;
  if (!distillery) fields.distillery_id = LISTING_MESSAGES.notNegotiator;
  if (!ctx.products.has(form.product)) fields.product = LISTING_MESSAGES.unknownProduct;
  if (PERIOD_PATTERN.test(form.to_period) && form.to_period < ctx.currentPeriod)
    fields.to_period = LISTING_MESSAGES.periodPassed;
  return {
    ...fields,
    ...periodBoundErrors(form, { currentPeriod: ctx.currentPeriod, keptFromPeriod: existing?.from_period }),
  };
}

/** Bulk-upload columns that carry a form field under another name. */
const BULK_ALIASES: Record<string, string> = { quantity: 'offer_quantity', price: 'offer_price' };
const FIELD_COLUMNS = Object.fromEntries(Object.entries(BULK_ALIASES).map(([c, f]) => [f, c]));

/** A spreadsheet row (by column name) as a form body. */
export function bulkRowToForm(row: Record<string, unknown>): Record<string, unknown> {
  const form: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) form[BULK_ALIASES[column] ?? column] = value;
  return form;
}
/** The spreadsheet column a form field comes from. */
export const columnOfField = (field: string) => FIELD_COLUMNS[field] ?? field;

/** A row error travels in the error envelope's `fields` as `"<row>.<column>": message`. */
export const bulkErrorKey = (row: number, column: string) => `${row}.${column}`;
export function parseBulkErrorKey(key: string): { row: number; column: string } | null {
  const match = /^([0-9]+)\.(.+)$/.exec(key);
  return match ? { row: Number(match[1]), column: match[2]! } : null;
}
