// The audit log (SuperAdmin).
import { METHOD_ACCESS } from '../api/access.js';
import type { MethodSpec } from '../api/method-spec.js';
import { auditListResultSchema, auditQuerySchema } from './audit.schemas.js';

export const AUDIT_METHODS = {
  getAuditLog: {
    body: auditQuerySchema,
    data: auditListResultSchema,
    access: METHOD_ACCESS.getAuditLog,
    summary: 'Every change, filtered by company, user, object and date',
  },
} as const satisfies Record<string, MethodSpec>;
