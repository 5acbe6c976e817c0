// Offers and asks (DESIGN.md §4 "Listings"; spec 001 §2, §5, §9).
import type { CompanyType } from '../companies/companies.constants.js';
import { groupIndian } from '../common/grouping.js';
import { MAX_UPLOAD_BYTES } from '../files/files.constants.js';

/** Sellers post offers, buyers post asks. */
export const LISTING_SIDES = ['Offer', 'Ask'] as const;
export type ListingSide = (typeof LISTING_SIDES)[number];
export const LISTING_STATUSES = ['Open', 'Closed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const sideOfCompany = (type: CompanyType): ListingSide => (type === 'Seller' ? 'Offer' : 'Ask');
export const otherSide = (side: ListingSide): ListingSide => (side === 'Offer' ? 'Ask' : 'Offer');
/** The spec's `type` words (generateExcel, bulk upload). */
export const sideOfType = (type: 'offer' | 'ask'): ListingSide => (type === 'offer' ? 'Offer' : 'Ask');

/** Fees each side states on its listing (spec 001 §3 "Offer / ask (form)"). */
export const OFFER_FEE_FIELDS = ['export_pass_fee', 'sales_tax'] as const;
export const ASK_FEE_FIELDS = [
  'import_pass_fee',
  'transit_permit_fee',
  'escort_fee',
  'corporation_fee',
  'misc_handling',
  'transportation',
] as const;
export const FEE_FIELDS = [...OFFER_FEE_FIELDS, ...ASK_FEE_FIELDS] as const;
export type FeeField = (typeof FEE_FIELDS)[number];
export const feeFieldsOf = (side: ListingSide): readonly FeeField[] =>
  side === 'Offer' ? OFFER_FEE_FIELDS : ASK_FEE_FIELDS;

/**
 * One name and one unit per fee on every screen (docs/decisions.md, issue 21 item 11): `sales_tax` is the offer's
 * percent of the price; `corporation_fee` is the ask's ₹ per litre, never called "Sales Tax".
 */
export const FEE_UNITS = { percent: '%', perLitre: '₹/L' } as const;
export const FEE_NAMES: Record<FeeField, { label: string; unit: (typeof FEE_UNITS)[keyof typeof FEE_UNITS] }> = {
  export_pass_fee: { label: 'Export Pass Fee', unit: FEE_UNITS.perLitre },
  sales_tax: { label: 'Sales Tax', unit: FEE_UNITS.percent },
  import_pass_fee: { label: 'Import Pass Fee', unit: FEE_UNITS.perLitre },
  transit_permit_fee: { label: 'Transit Permit Fee', unit: FEE_UNITS.perLitre },
  escort_fee: { label: 'Escort Fee', unit: FEE_UNITS.perLitre },
  corporation_fee: { label: 'Corporation Fee', unit: FEE_UNITS.perLitre },
  misc_handling: { label: 'Misc Handling Fee', unit: FEE_UNITS.perLitre },
  transportation: { label: 'Transportation Fee', unit: FEE_UNITS.perLitre },
};
/** The ask's fees in the order every screen lists them (the final-price rule's order, spec 001 §5). */
export const ASK_FEE_DISPLAY_ORDER = [
  'import_pass_fee',
  'escort_fee',
  'transit_permit_fee',
  'corporation_fee',
  'misc_handling',
  'transportation',
] as const satisfies readonly FeeField[];
/** A fee's form label with its unit: "Sales Tax (%)", "Corporation Fee (₹/L)". */
export const feeLabelWithUnit = (field: FeeField) => `${FEE_NAMES[field].label} (${FEE_NAMES[field].unit})`;

/** Largest values a form takes: litres, ₹ per litre, ₹ per litre of fee, percent. */
export const LIMITS = { quantity: 1_000_000_000, price: 1_000_000, fee: 1_000_000, percent: 100 } as const;

/** The terms a bid joins a listing on: fixed while a bid on the listing is open (DESIGN.md §4). */
export const LISTING_TERM_FIELDS = ['product', 'distillery_id', 'state', 'from_period', 'to_period'] as const;
export type ListingTermField = (typeof LISTING_TERM_FIELDS)[number];

/** A listing's To Period is at most this many months after the current month (docs/decisions.md). */
export const MAX_PERIOD_MONTHS_AHEAD = 24;

/** Market statistics look back this many days (DESIGN.md §4 "Trading model"). */
export const MARKET_STATS_DAYS = 30;
/** The ticker shows this many entries. */
export const TICKER_SIZE = 20;

/** Bulk upload (spec 001 §3 "Bulk spreadsheet row", §5, §9). */
export const BULK_COMMON_COLUMNS = [
  'state',
  'product',
  'from_period',
  'to_period',
  'quantity',
  'price',
  'distillery_id',
] as const;
export const bulkColumnsOf = (side: ListingSide): readonly string[] => [...BULK_COMMON_COLUMNS, ...feeFieldsOf(side)];
export const BULK_MAX_ROWS = 10_000;
export const BULK_MAX_BYTES = MAX_UPLOAD_BYTES;
/**
 * What the parts of an xlsx that a reader needs may inflate to (counted as they inflate), and how many parts it may
 * have. 12 MiB: 10,000 rows of the template's columns are 3.4–4.2 MB of XML; counting a bomb to the cap leaves about
 * two thirds of the cap as garbage until the next collection, which must stay under 10 MB (issue 20 item 1).
 */
export const BULK_MAX_UNPACKED_BYTES = 12 * 1024 * 1024;
export const BULK_MAX_ZIP_ENTRIES = 2_000;
/** At most this many row errors are reported (the first ones, in sheet order). */
export const BULK_MAX_REPORTED_ERRORS = 500;
export const BULK_UPLOAD_TYPES = [
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export const BULK_ACCEPT = '.csv,.xls,.xlsx';

export const LISTING_MESSAGES = {
  invalidDate: '*Invalid Date',
  dateRange: 'Date range is invalid !!',
  periodPassed: 'To Period has already passed',
  fromPeriodPast: 'From Period cannot be before the current month',
  toPeriodTooFar: `To Period can be at most ${MAX_PERIOD_MONTHS_AHEAD} months after the current month`,
  positive: 'Must be greater than 0',
  created: { Offer: 'Offer added successfully', Ask: 'Ask added successfully' },
  updated: { Offer: 'Offer updated successfully', Ask: 'Ask updated successfully' },
  notFound: 'Listing not found',
  notNegotiator: 'You do not negotiate for this distillery',
  unknownProduct: 'Please select a valid product',
  unknownState: 'Please select a valid state',
  stateMismatch: 'The distillery is not in the chosen state',
  wrongSide: 'Seller companies post offers and Buyer companies post asks',
  belowCommitted: (litres: string) => `Quantity cannot be below the ${litres} litres already traded`,
  stale: 'This listing changed since you opened it. Please reload it.',
  termsUnderBids:
    'This listing has open bids: its product, distillery, state and period cannot change until they close.',
  noCompany: 'Only a company’s users trade',
  // Bulk upload
  bulkInvalidFormat: 'Invalid file format. Please upload a .csv, .xls, or .xlsx file.',
  bulkTooLarge: 'File size exceeds the 5MB limit. Please upload a smaller file.',
  bulkUnreadable: 'The file could not be read as a spreadsheet',
  bulkUnpackedTooLarge: 'The spreadsheet is too large once unpacked. Please upload a smaller file.',
  bulkEmpty: 'The sheet has no rows to upload',
  bulkTooManyRows: `The sheet has more than ${groupIndian(BULK_MAX_ROWS)} rows. Please upload at most ${groupIndian(BULK_MAX_ROWS)} rows at a time.`,
  bulkHeader: (columns: readonly string[]) => `The first row must name the template's columns: ${columns.join(', ')}`,
  bulkRowsInvalid: 'Some rows have errors. Nothing was uploaded.',
  bulkUploaded: (n: number, side: ListingSide) =>
    `${n} ${side === 'Offer' ? (n === 1 ? 'offer' : 'offers') : n === 1 ? 'ask' : 'asks'} uploaded successfully`,
  bulkFileNotFound: 'File not found',
  bulkFileUsed: 'This file has already been uploaded. Please choose the file again to upload it once more.',
  templateReady: 'Template ready',
} as const;
