import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import { listAuditLog } from './audit.service.js';

export function auditRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'getAuditLog', async ({ body }) => ({ data: await listAuditLog(deps, body) }));
}
