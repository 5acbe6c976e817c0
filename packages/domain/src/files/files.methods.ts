// Uploads and downloads.
import { METHOD_ACCESS } from '../api/access.js';
import { nothing, type MethodSpec } from '../api/method-spec.js';
import { emptySchema } from '../common/list.schemas.js';
import { getFileSchema, uploadResultSchema } from './files.schemas.js';

export const FILE_METHODS = {
  uploadFile: {
    body: emptySchema,
    data: uploadResultSchema,
    access: METHOD_ACCESS.uploadFile,
    multipart: true,
    summary:
      'Upload a PDF, JPEG or PNG (5 MB), checked by content: a PAN card before registration, or with ' +
      '`purpose=sale_order` a trade’s sale order (a signed-in company user; the file is their company’s)',
  },
  getFile: {
    body: getFileSchema,
    data: nothing,
    access: METHOD_ACCESS.getFile,
    binary: true,
    summary: 'Download a file the caller may see',
  },
} as const satisfies Record<string, MethodSpec>;
