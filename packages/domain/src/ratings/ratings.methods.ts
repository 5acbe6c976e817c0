// Ratings of distilleries: the /ratings form, a trade's review and the spreadsheet of them.
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import { emptySchema } from '../common/list.schemas.js';
import {
  bidRatingQuerySchema,
  bidRatingSchema,
  exportRatingResultSchema,
  reviewDistillerySchema,
  reviewResultSchema,
} from './ratings.schemas.js';

export const RATING_METHODS = {
  reviewDistillery: {
    body: reviewDistillerySchema,
    data: reviewResultSchema,
    access: METHOD_ACCESS.reviewDistillery,
    summary:
      'Rate distilleries of companies of the opposite type: all rows or none. Rows without a bid are a company ' +
      'Admin’s (own company) or the SuperAdmin’s (any company); a trade’s row is a party’s, of the other party’s distillery',
  },
  getBidRating: {
    body: bidRatingQuerySchema,
    data: bidRatingSchema,
    access: METHOD_ACCESS.getBidRating,
    summary: 'The caller’s side’s latest review of an Approved trade',
  },
  exportRating: {
    body: emptySchema,
    data: exportRatingResultSchema,
    access: METHOD_ACCESS.exportRating,
    summary: 'An .xlsx of the company’s ratings (every rating for the SuperAdmin), downloadable through getFile',
  },
} as const satisfies Record<string, MethodSpec>;
