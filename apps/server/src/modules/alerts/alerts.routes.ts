import { ALERT_MESSAGES } from '@spirit/domain/alerts/alerts.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import * as alerts from './alerts.service.js';

export function alertsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'getPriceAlerts', async ({ body, actor }) => ({ data: await alerts.list(deps, actor!, body) }));
  defineMethod(app, 'createPriceAlert', async ({ body, actor }) => ({
    message: ALERT_MESSAGES.created,
    data: await alerts.create(deps, actor!, body),
  }));
  defineMethod(app, 'deletePriceAlert', async ({ body, actor }) => ({
    message: ALERT_MESSAGES.deleted,
    data: await alerts.remove(deps, actor!, body.id),
  }));
}
