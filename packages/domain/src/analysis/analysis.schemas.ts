// The trend and analysis calls' bodies and answers. Amounts are decimal strings as everywhere (litres one decimal,
// ₹ per litre two); a figure with nothing behind it is null (the screen shows "—").
import { z } from 'zod';
import { SPIRIT_NAMES } from '../companies/companies.constants.js';
import { wholeNumberField } from '../common/numbers.js';
import {
  ANALYSIS_MESSAGES,
  BUCKETS,
  MAX_RANGE_DAYS,
  TOP_COMPANIES_DEFAULT,
  TOP_COMPANIES_MAX,
  VOLUME_GROUPS,
} from './analysis.constants.js';
import { daysInRange, isCalendarDate } from './analysis.rules.js';

const amount = z.string();

/** One of the platform's products; blank or missing means every product. */
const productFilter = () =>
  z.preprocess(
    (v) =>
      v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? v.trim() : v,
    z
      .string()
      .max(100, ANALYSIS_MESSAGES.unknownProduct)
      .refine((p) => SPIRIT_NAMES.includes(p), ANALYSIS_MESSAGES.unknownProduct)
      .optional(),
  );

export const priceTrendQuerySchema = z.object({ product: productFilter() });
export type PriceTrendQuery = z.infer<typeof priceTrendQuerySchema>;

/** One state's row: open asks (Buyer), open offers (Seller), approved trades of the last 30 days (Last Trade). */
export const priceTrendRowSchema = z.object({
  state: z.string(),
  buyer_quantity: amount.nullable(),
  buyer_rate: amount.nullable(),
  seller_quantity: amount.nullable(),
  seller_rate: amount.nullable(),
  trade_volume: amount.nullable(),
  trade_avg_rate: amount.nullable(),
});
export type PriceTrendRow = z.infer<typeof priceTrendRowSchema>;
export const priceTrendSchema = z.object({
  product: z.string().nullable(),
  trade_days: z.number().int(),
  records: z.array(priceTrendRowSchema),
});
export type PriceTrend = z.infer<typeof priceTrendSchema>;

const dateField = () =>
  z
    .string({ error: ANALYSIS_MESSAGES.invalidDate })
    .max(10, ANALYSIS_MESSAGES.invalidDate)
    .refine(isCalendarDate, ANALYSIS_MESSAGES.invalidDate);

/** A range of India's calendar days, both counted; missing, the last 90 days (the service's clock bounds the end). */
export const analysisRangeSchema = z
  .object({ from_date: dateField().optional(), to_date: dateField().optional() })
  .superRefine((v, ctx) => {
    if (!v.from_date || !v.to_date) return;
    if (v.from_date > v.to_date)
      ctx.addIssue({ code: 'custom', path: ['from_date'], message: ANALYSIS_MESSAGES.reversed });
    else if (daysInRange(v.from_date, v.to_date) > MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to_date'], message: ANALYSIS_MESSAGES.tooLong });
  });
export type AnalysisRange = z.infer<typeof analysisRangeSchema>;

const rangeShape = { from_date: z.string(), to_date: z.string(), bucket: z.enum(BUCKETS) };

export const analysisVolumeQuerySchema = z.intersection(
  analysisRangeSchema,
  z.object({ group_by: z.enum(VOLUME_GROUPS).default('product'), product: productFilter() }),
);
export type AnalysisVolumeQuery = z.infer<typeof analysisVolumeQuerySchema>;
/** One bucket of one product (or state): `period` is the bucket's first day. */
export const volumePointSchema = z.object({
  period: z.string(),
  key: z.string(),
  trades: z.number().int(),
  volume: amount,
  avg_price: amount,
});
export type VolumePoint = z.infer<typeof volumePointSchema>;
export const analysisVolumeSchema = z.object({
  ...rangeShape,
  group_by: z.enum(VOLUME_GROUPS),
  product: z.string().nullable(),
  records: z.array(volumePointSchema),
});
export type AnalysisVolume = z.infer<typeof analysisVolumeSchema>;

export const analysisFunnelQuerySchema = analysisRangeSchema;
/** Bids created in the range, by how far they went; `open` are still New or OnGoing. */
export const analysisFunnelSchema = z.object({
  from_date: z.string(),
  to_date: z.string(),
  placed: z.number().int(),
  accepted: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  lapsed: z.number().int(),
  open: z.number().int(),
});
export type AnalysisFunnel = z.infer<typeof analysisFunnelSchema>;

export const analysisTopCompaniesQuerySchema = z.intersection(
  analysisRangeSchema,
  z.object({
    product: productFilter(),
    limit: wholeNumberField()
      .pipe(z.number().min(1, 'Must be at least 1').max(TOP_COMPANIES_MAX, `Must be at most ${TOP_COMPANIES_MAX}`))
      .default(TOP_COMPANIES_DEFAULT),
  }),
);
export type AnalysisTopCompaniesQuery = z.infer<typeof analysisTopCompaniesQuerySchema>;
export const topCompanySchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  company_type: z.enum(['Seller', 'Buyer']),
  trades: z.number().int(),
  volume: amount,
  avg_price: amount,
});
export type TopCompany = z.infer<typeof topCompanySchema>;
export const analysisTopCompaniesSchema = z.object({
  from_date: z.string(),
  to_date: z.string(),
  product: z.string().nullable(),
  records: z.array(topCompanySchema),
});
export type AnalysisTopCompanies = z.infer<typeof analysisTopCompaniesSchema>;
