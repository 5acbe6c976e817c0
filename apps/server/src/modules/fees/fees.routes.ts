import { FEE_MESSAGES } from '@spirit/domain/fees/fees.schemas';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import * as fees from './fees.service.js';

export function feesRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'getAllCommission', async ({ body }) => ({ data: await fees.list(deps, body) }));
  defineMethod(app, 'getCommissionbyId', async ({ body }) => ({ data: await fees.get(deps, body.id) }));
  defineMethod(app, 'createCommission', async ({ body, actor }) => ({
    message: FEE_MESSAGES.created,
    data: await fees.create(deps, actor!, body),
  }));
  defineMethod(app, 'updateCommission', async ({ body, actor }) => ({
    message: FEE_MESSAGES.updated,
    data: await fees.update(deps, actor!, body),
  }));
}
