import { FILE_MESSAGES, MAX_UPLOAD_BYTES, SALE_ORDER_PURPOSE } from '@spirit/domain/files/files.constants';
import { METHOD_ACCESS } from '@spirit/domain/api/access';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, invalidField } from '../../lib/errors.js';
import { checkAccess, defineMethod } from '../../http/registry.js';
import { readFileFor, storeSaleOrderUpload, storeSheetUpload, storeUpload } from './files.service.js';
import { servedName } from './files.verify.js';

// The spec's text is the same for PAN cards and bulk sheets.
const tooLarge = () => new AppError('file.too_large', 413, FILE_MESSAGES.tooLarge, { file: FILE_MESSAGES.tooLarge });

/** The one `file` part and the text fields (`purpose`), in whatever order the client sent them. */
async function readParts(req: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { filename: string; bytes: Buffer } | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw invalidField('file', FILE_MESSAGES.failed, 'file.missing');
        file = { filename: part.filename, bytes: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw invalidField('file', FILE_MESSAGES.failed, 'file.failed');
  }
  if (!file) throw invalidField('file', FILE_MESSAGES.failed, 'file.missing');
  return { file, fields };
}

export function filesRoutes(app: FastifyInstance): void {
  const { deps } = app;
  defineMethod(
    app,
    'uploadFile',
    async ({ req }) => {
      if (!req.isMultipart()) throw invalidField('file', FILE_MESSAGES.failed, 'file.not_multipart');
      const { file, fields } = await readParts(req);
      if (fields.purpose === 'bulk') {
        // A bulk sheet belongs to the uploader's company: the caller must be signed in as a Negotiator.
        const actor = await app.auth.actorOf(req, ['Negotiator']);
        const refusal = checkAccess(['Negotiator'], actor);
        if (refusal) throw refusal;
        const stored = await storeSheetUpload(deps, actor!, { ...file, ip: req.ip });
        return { message: FILE_MESSAGES.uploaded, data: stored };
      }
      if (fields.purpose === SALE_ORDER_PURPOSE) {
        // A sale order belongs to the uploader's company; `updateBid` decides who may attach it to a trade.
        const actor = await app.auth.actorOf(req, METHOD_ACCESS.updateBid);
        const refusal = checkAccess(METHOD_ACCESS.updateBid, actor);
        if (refusal) throw refusal;
        const stored = await storeSaleOrderUpload(deps, actor!, { ...file, ip: req.ip });
        return { message: FILE_MESSAGES.uploaded, data: stored };
      }
      const stored = await storeUpload(deps, { ...file, ip: req.ip });
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
