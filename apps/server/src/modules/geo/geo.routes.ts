import { SPIRITS } from '@spirit/domain/companies/companies.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import { stateCities } from './geo.service.js';

export function geoRoutes(app: FastifyInstance): void {
  defineMethod(app, 'getStateCities', async () => ({ data: await stateCities() }));
  defineMethod(app, 'getAllSpirit', async () => ({ data: SPIRITS.map((s) => ({ ...s })) }));
}
