import { DISTILLERY_MESSAGES } from '@spirit/domain/distilleries/distilleries.schemas';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import * as distilleries from './distilleries.service.js';

export function distilleriesRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'getAllDistill', async ({ body, actor }) => ({
    data: await distilleries.list(deps, actor!, body),
  }));
  defineMethod(app, 'getDistillNameByCompanyId', async ({ body, actor }) => ({
    data: await distilleries.namesOf(deps, actor!, body.company_id),
  }));
  defineMethod(app, 'getDistillById', async ({ body, actor }) => ({
    data: await distilleries.get(deps, actor!, body.id),
  }));
  defineMethod(app, 'createDistill', async ({ body, actor }) => ({
    message: DISTILLERY_MESSAGES.created,
    data: await distilleries.create(deps, actor!, body),
  }));
  defineMethod(app, 'updateDistill', async ({ body, actor }) => ({
    message: DISTILLERY_MESSAGES.updated,
    data: await distilleries.update(deps, actor!, body),
  }));
}
