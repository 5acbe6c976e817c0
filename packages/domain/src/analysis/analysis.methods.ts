// Price / Quote Trend (every signed-in role) and Data Analysis (SuperAdmin): names of our own, the spec names none.
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import {
  analysisFunnelQuerySchema,
  analysisFunnelSchema,
  analysisTopCompaniesQuerySchema,
  analysisTopCompaniesSchema,
  analysisVolumeQuerySchema,
  analysisVolumeSchema,
  priceTrendQuerySchema,
  priceTrendSchema,
} from './analysis.schemas.js';

export const ANALYSIS_METHODS = {
  getPriceTrend: {
    body: priceTrendQuerySchema,
    data: priceTrendSchema,
    access: METHOD_ACCESS.getPriceTrend,
    summary:
      'Per state of the app’s list: open asks and open offers (total quantity, quantity-weighted rate) and the ' +
      'approved trades of the last 30 days (volume, average rate); confidential bids excluded',
  },
  getAnalysisVolume: {
    body: analysisVolumeQuerySchema,
    data: analysisVolumeSchema,
    access: METHOD_ACCESS.getAnalysisVolume,
    summary: 'Traded volume and average price per day, week or month of a range, by product or by state',
  },
  getAnalysisFunnel: {
    body: analysisFunnelQuerySchema,
    data: analysisFunnelSchema,
    access: METHOD_ACCESS.getAnalysisFunnel,
    summary: 'Bids created in a range: placed, accepted (deal locked), approved, rejected, lapsed, still open',
  },
  getAnalysisTopCompanies: {
    body: analysisTopCompaniesQuerySchema,
    data: analysisTopCompaniesSchema,
    access: METHOD_ACCESS.getAnalysisTopCompanies,
    summary: 'Companies by traded volume (as buyer or seller) in a range, with their real names',
  },
} as const satisfies Record<string, MethodSpec>;
