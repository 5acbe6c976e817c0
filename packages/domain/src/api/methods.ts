// The contract: every `POST /api/{method}`, its body, its response `data` and who may call it. Each domain declares
// its calls in `<d>.methods.ts` beside its schemas; this file only composes them. The server's registry reads this
// table, the web app types its calls from it, and the authorization test matrix is generated from it.
import type { z } from 'zod';
import { ALERT_METHODS } from '../alerts/alerts.methods.js';
import { ANALYSIS_METHODS } from '../analysis/analysis.methods.js';
import { AUDIT_METHODS } from '../audit/audit.methods.js';
import { APIKEY_METHODS } from '../apikeys/apikeys.methods.js';
import { AUTH_METHODS } from '../auth/auth.methods.js';
import { BID_METHODS } from '../bids/bids.methods.js';
import { COMPANY_METHODS } from '../companies/companies.methods.js';
import { DASHBOARD_METHODS } from '../dashboards/dashboards.methods.js';
import { EVENT_METHODS } from '../events/events.methods.js';
import { DISTILLERY_METHODS } from '../distilleries/distilleries.methods.js';
import { FEE_METHODS } from '../fees/fees.methods.js';
import { FILE_METHODS } from '../files/files.methods.js';
import { GEO_METHODS } from '../geo/geo.methods.js';
import { INVOICE_METHODS } from '../invoices/invoices.methods.js';
import { LISTING_METHODS } from '../listings/listings.methods.js';
import { MAPPING_METHODS } from '../mappings/mappings.methods.js';
import { NOTIFICATION_METHODS } from '../notifications/notifications.methods.js';
import { RATING_METHODS } from '../ratings/ratings.methods.js';
import { USER_METHODS } from '../users/users.methods.js';
import { WEBHOOK_METHODS } from '../webhooks/webhooks.methods.js';
import type { MethodSpec } from './method-spec.js';

/** Who may call a method: the role map in `access.ts`. */
export type { Access } from './access.js';
export type { MethodSpec } from './method-spec.js';

export const METHODS = {
  ...AUTH_METHODS,
  ...USER_METHODS,
  ...FILE_METHODS,
  ...COMPANY_METHODS,
  ...GEO_METHODS,
  ...DISTILLERY_METHODS,
  ...MAPPING_METHODS,
  ...FEE_METHODS,
  ...INVOICE_METHODS,
  ...AUDIT_METHODS,
  ...LISTING_METHODS,
  ...BID_METHODS,
  ...RATING_METHODS,
  ...ANALYSIS_METHODS,
  ...DASHBOARD_METHODS,
  ...APIKEY_METHODS,
  ...WEBHOOK_METHODS,
  ...NOTIFICATION_METHODS,
  ...ALERT_METHODS,
  ...EVENT_METHODS,
} as const satisfies Record<string, MethodSpec>;

export type MethodName = keyof typeof METHODS;
export type MethodBody<M extends MethodName> = z.input<(typeof METHODS)[M]['body']>;
export type MethodData<M extends MethodName> = z.output<(typeof METHODS)[M]['data']>;
