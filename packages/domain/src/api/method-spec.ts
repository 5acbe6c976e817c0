// The shape of one contract entry, shared by each domain's `<d>.methods.ts` and composed in `api/methods.ts`.
import { z } from 'zod';
import type { Access } from './access.js';

export type MethodSpec = {
  body: z.ZodType;
  data: z.ZodType;
  access: Access;
  summary: string;
  /** Sent as multipart/form-data instead of JSON. */
  multipart?: boolean;
  /** Answers with the file's bytes instead of the JSON envelope. */
  binary?: boolean;
};

/** The `data` of a call that answers with a message only. */
export const nothing = z.null();
