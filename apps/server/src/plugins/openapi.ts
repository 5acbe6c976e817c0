import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document and a browsable reference at /api/docs, generated from the method registry: each method's
 * `operationId` is its name, and a public one says `security: []` (http/registry.ts).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Spirit Exchange API',
        version: '1.0.0',
        license: {
          name: 'Proprietary: for the companies admitted to Spirit Exchange',
          url: `${app.deps.config.publicUrl}/`,
        },
        description:
          'Every call is POST /api/{method} with a JSON body. Success: {status:"OK",statusCode:200,message,data}. ' +
          'Failure: {status:"ERROR",statusCode,error,code,fields?}. Authenticate with "Authorization: Bearer <token>" from login, ' +
          'or, for the calls an API key may make, with a company API key ("Authorization: Bearer sxk_…" or "X-API-Key: sxk_…"). ' +
          'Webhooks: see docs/api.md.',
      },
      servers: [{ url: app.deps.config.publicUrl, description: 'This deployment' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Only the API is documented: every method, tagged by its name. The web app's routes (the SPA catch-all, its
    // files), /healthz and the development mailbox are not calls an ERP makes.
    hideUntagged: true,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
