import type { FastifyInstance } from 'fastify';
import { defineMethod } from '../../http/registry.js';
import { invoicePdf } from './invoices.service.js';

export function invoicesRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(app, 'getInvoicePdf', async ({ body, actor, reply }) => {
    const pdf = await invoicePdf(deps, actor!, body.id);
    await reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.name}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf.bytes);
  });
}
