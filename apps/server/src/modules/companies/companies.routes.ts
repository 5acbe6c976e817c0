import { COMPANY_MESSAGES } from '@spirit/domain/companies/companies.constants';
import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../plugins/registry.js';
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
}
