import { RATING_MESSAGES } from '@spirit/domain/ratings/ratings.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import { exportRatings } from './ratings.export.js';
import * as ratings from './ratings.service.js';

export function ratingsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'reviewDistillery', async ({ body, actor }) => ({
    message: RATING_MESSAGES.saved,
    data: await ratings.review(deps, actor!, body.rating_details),
  }));
  defineMethod(app, 'getBidRating', async ({ body, actor }) => ({
    data: await ratings.tradeRating(deps, actor!, body.bid_id),
  }));
  defineMethod(app, 'exportRating', async ({ actor }) => ({
    message: RATING_MESSAGES.exported,
    data: await exportRatings(deps, actor!),
  }));
}
