import { FEE_MESSAGES } from '@spirit/domain/fees/fees.schemas';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import { TRADE_FEE_MESSAGES } from '@spirit/domain/fees/trade-fees.schemas';
import * as fees from './fees.service.js';
import * as tradeFees from './trade-fees.service.js';

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

  defineMethod(app, 'getAllBidCommission', async ({ body, actor }) => ({
    data: await tradeFees.list(deps, actor!, body),
  }));
  defineMethod(app, 'getBidCommissionById', async ({ body, actor }) => ({
    data: await tradeFees.get(deps, actor!, body.id),
  }));
  defineMethod(app, 'updateBidCommission', async ({ body, actor }) => ({
    message: TRADE_FEE_MESSAGES.updated,
    data: await tradeFees.update(deps, actor!, body),
  }));
}
