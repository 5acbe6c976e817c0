import { COMPANY_MESSAGES } from '@spirit/domain/companies/companies.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import * as admin from './companies.admin.service.js';
import { registerCompany, reviewCompany } from './companies.service.js';

export function companiesRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(
    app,
    'createCompany',
    async ({ body }) => ({ message: COMPANY_MESSAGES.registered, data: await registerCompany(deps, body) }),
    { rateLimit: { max: 10, timeWindow: '10 minutes' } },
  );
  defineMethod(app, 'updateCompanyStatus', async ({ body, actor }) => {
    const { message } = await reviewCompany(deps, actor!, body);
    return { message, data: null };
  });
  defineMethod(app, 'getAllCompany', async ({ body }) => ({ data: await admin.list(deps, body) }));
  defineMethod(app, 'getCompanyDetails', async ({ body, actor }) => ({
    data: await admin.details(deps, actor!, body.id),
  }));
  defineMethod(app, 'updateCompany', async ({ body, actor }) => {
    await admin.update(deps, actor!, body);
    return { message: COMPANY_MESSAGES.updated, data: null };
  });
  defineMethod(app, 'deleteCompany', async ({ body, actor }) => {
    await admin.remove(deps, actor!, body.company_id);
    return { message: COMPANY_MESSAGES.deleted, data: null };
  });
  defineMethod(app, 'undeleteCompany', async ({ body, actor }) => {
    await admin.restore(deps, actor!, body.company_id);
    return { message: COMPANY_MESSAGES.restored, data: null };
  });
  defineMethod(app, 'sendCompanyCreationNotification', async ({ body, actor }) => ({
    message: await admin.notify(deps, actor!, body.company_id),
    data: null,
  }));
  defineMethod(app, 'getAllCompanyName', async ({ body, actor }) => ({
    data: await admin.names(deps, actor!, body.company_type),
  }));
}
