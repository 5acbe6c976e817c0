import { FILE_MESSAGES, MAX_UPLOAD_BYTES } from '@spirit/domain/files/files.constants';
import type { FastifyInstance } from 'fastify';
import { AppError, invalidField } from '../../lib/errors.js';
import { defineMethod } from '../../plugins/registry.js';
import { readFileFor, storeUpload } from './files.service.js';
import { servedName } from './files.verify.js';

const tooLarge = () => new AppError('file.too_large', 413, FILE_MESSAGES.tooLarge, { file: FILE_MESSAGES.tooLarge });

export function filesRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(
    app,
    'uploadFile',
    async ({ req }) => {
      if (!req.isMultipart()) throw invalidField('file', FILE_MESSAGES.failed, 'file.not_multipart');
      let part;
      try {
        part = await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
      } catch {
        throw invalidField('file', FILE_MESSAGES.failed, 'file.failed');
      }
      if (!part || part.fieldname !== 'file') throw invalidField('file', FILE_MESSAGES.failed, 'file.missing');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw invalidField('file', FILE_MESSAGES.failed, 'file.failed');
      }
      const stored = await storeUpload(deps, { filename: part.filename, bytes, ip: req.ip });
      return { message: FILE_MESSAGES.uploaded, data: stored };
    },
    { rateLimit: { max: 20, timeWindow: '10 minutes' } },
  );

  defineMethod(app, 'getFile', async ({ body, actor, reply }) => {
    const file = await readFileFor(deps, actor!, body.id);
    // Rows stored before names followed the sniffed type are served under a matching name too.
    const safeName = servedName(file.name, file.contentType);
    await reply
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename="${safeName}"`)
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });
}
