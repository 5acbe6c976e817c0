// One place turns every error into the envelope of DESIGN.md §3; internal errors are logged, never shown.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';

type Body = { status: 'ERROR'; statusCode: number; error: string; code: string; fields?: Record<string, string> };

function fromFastify(err: FastifyError): Body | null {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    for (const issue of err.validation) {
      const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
      fields[key] ??= issue.message ?? 'Invalid value';
    }
    const first = Object.values(fields)[0] ?? 'Invalid request';
    return { status: 'ERROR', statusCode: 400, error: first, code: 'validation.failed', fields };
  }
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 'ERROR', statusCode: 400, error: 'Malformed JSON body', code: 'request.malformed_json' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 'ERROR', statusCode: 413, error: 'Request body is too large', code: 'request.too_large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 'ERROR', statusCode: 415, error: 'Unsupported content type', code: 'request.media_type' };
  }
  if (err.statusCode === 429) {
    return {
      status: 'ERROR',
      statusCode: 429,
      error: 'Too many requests. Please try again later.',
      code: 'rate.limited',
    };
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: 'ERROR', statusCode: err.statusCode, error: err.message, code: 'request.invalid' };
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      const body: Body = { status: 'ERROR', statusCode: err.statusCode, error: err.message, code: err.code };
      if (err.fields) body.fields = err.fields;
      return reply.code(err.statusCode).send(body);
    }
    const known = fromFastify(err);
    if (known) return reply.code(known.statusCode).send(known);
    req.log.error({ err }, 'unhandled error');
    return reply
      .code(500)
      .send({ status: 'ERROR', statusCode: 500, error: 'Something went wrong. Please try again.', code: 'internal' });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({
      status: 'ERROR',
      statusCode: 404,
      error: req.url.startsWith('/api/') ? 'Unknown method' : 'Not found',
      code: 'request.not_found',
    });
  });
}
