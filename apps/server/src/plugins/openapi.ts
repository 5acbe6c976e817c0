import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document and a browsable reference at /api/docs, generated from the method registry. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Spirit Exchange API',
        version: '1.0.0',
        description:
          'Every call is POST /api/{method} with a JSON body. Success: {status:"OK",statusCode:200,message,data}. ' +
          'Failure: {status:"ERROR",statusCode,error,code,fields?}. Authenticate with "Authorization: Bearer <token>" from login.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
