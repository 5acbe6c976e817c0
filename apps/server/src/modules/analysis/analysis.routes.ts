import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import * as analysis from './analysis.service.js';

export function analysisRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'getPriceTrend', async ({ body }) => ({ data: await analysis.priceTrend(deps, body.product) }));
  defineMethod(app, 'getAnalysisVolume', async ({ body }) => ({ data: await analysis.volume(deps, body) }));
  defineMethod(app, 'getAnalysisFunnel', async ({ body }) => ({ data: await analysis.funnel(deps, body) }));
  defineMethod(app, 'getAnalysisTopCompanies', async ({ body }) => ({ data: await analysis.topCompanies(deps, body) }));
}
