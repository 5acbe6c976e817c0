import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import { listEtag } from '../../lib/change-stamp.js';
import { bidPageEtag } from '../bids/bids.etag.js';
import * as dashboards from './dashboards.service.js';

export function dashboardsRoutes(app: FastifyInstance): void {
  const { deps } = app;
  // The polled cards and lists answer an unchanged poll 304 (lib/change-stamp.ts, bids/bids.etag.ts).
  defineMethod(
    app,
    'getDashboardData',
    async ({ actor }) => ({ data: await dashboards.figures(deps, actor!) }),
    listEtag,
  );
  defineMethod(app, 'getDashboardAllApprovedBids', async ({ body, actor }) => ({
    data: await dashboards.approvedBids(deps, actor!, body),
  }));
  defineMethod(
    app,
    'getDashboardAllOpenBids',
    async ({ body, actor }) => ({ data: await dashboards.openBids(deps, actor!, body) }),
    bidPageEtag,
  );
  defineMethod(app, 'getDashboardCommissionData', async ({ body }) => ({
    data: await dashboards.commission(deps, body.days),
  }));
  defineMethod(app, 'getDashboardAllLapsedBids', async ({ body, actor }) => ({
    data: await dashboards.lapsedBids(deps, actor!, body),
  }));
  const pending = async ({
    body,
    actor,
  }: {
    body: Parameters<typeof dashboards.pendingApprovals>[2];
    actor: unknown;
  }) => ({
    data: await dashboards.pendingApprovals(deps, actor as never, body),
  });
  defineMethod(app, 'getDashboardAllPendingAprrovedBids', ({ body, actor }) => pending({ body, actor }), bidPageEtag);
  defineMethod(app, 'getDashboardAllPending', ({ body, actor }) => pending({ body, actor }));
}
