import { MAPPING_MESSAGES } from '@spirit/domain/mappings/mappings.schemas';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import * as mappings from './mappings.service.js';

export function mappingsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'getAllDistillGroup', async ({ body, actor }) => ({
    data: await mappings.list(deps, actor!, body),
  }));
  defineMethod(app, 'getDistillGroupById', async ({ body, actor }) => ({
    data: await mappings.get(deps, actor!, body.id),
  }));
  defineMethod(app, 'createDistillGroup', async ({ body, actor }) => ({
    message: MAPPING_MESSAGES.created,
    data: await mappings.create(deps, actor!, body),
  }));
  defineMethod(app, 'updateDistillGroup', async ({ body, actor }) => ({
    message: MAPPING_MESSAGES.updated,
    data: await mappings.update(deps, actor!, body),
  }));
  defineMethod(app, 'getAllUntaggedUser', async ({ body, actor }) => ({
    data: await mappings.untaggedUserOptions(deps, actor!, body.mapping_id),
  }));
  defineMethod(app, 'getAllUntaggedDistill', async ({ body, actor }) => ({
    data: await mappings.untaggedDistilleryOptions(deps, actor!, body.mapping_id),
  }));
  defineMethod(app, 'getAllStateWiseDistillforUser', async ({ actor }) => ({
    data: await mappings.stateWiseForUser(deps, actor!),
  }));
}
