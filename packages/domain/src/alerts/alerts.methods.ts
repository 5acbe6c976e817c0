// Price alerts: a trader's standing searches of the market (issue 25 part 4).
import { METHOD_ACCESS } from '../api/access.js';
import { nothing, type MethodSpec } from '../api/method-spec.js';
import {
  alertListSchema,
  alertSchema,
  alertsQuerySchema,
  createAlertSchema,
  deleteAlertSchema,
} from './alerts.schemas.js';

export const ALERT_METHODS = {
  getPriceAlerts: {
    body: alertsQuerySchema,
    data: alertListSchema,
    access: METHOD_ACCESS.getPriceAlerts,
    summary: 'The caller’s price alerts, a page at a time, by product',
  },
  createPriceAlert: {
    body: createAlertSchema,
    data: alertSchema,
    access: METHOD_ACCESS.createPriceAlert,
    summary:
      'Saves a price alert: a Negotiator is notified when a listing of the side their company trades with opens ' +
      'matching product, state, price bound and quantity',
  },
  deletePriceAlert: {
    body: deleteAlertSchema,
    data: nothing,
    access: METHOD_ACCESS.deletePriceAlert,
    summary: 'Removes one of the caller’s price alerts',
  },
} as const satisfies Record<string, MethodSpec>;
