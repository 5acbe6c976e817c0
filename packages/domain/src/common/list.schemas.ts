import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './list.constants.js';
import { idField, wholeNumberField } from './numbers.js';

export { DEFAULT_PAGE_SIZE, PAGE_SIZES };

/** U+0000–U+001F and U+007F: no searched value holds them. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

export const listQuerySchema = z.object({
  page: wholeNumberField().pipe(z.number().min(1, 'Must be at least 1')).default(1),
  page_size: wholeNumberField()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 5, 10, 20 or 30')
    .default(DEFAULT_PAGE_SIZE),
  // One line of text: a pasted tab or line break searches as a space (and a table's stored search text joins its
  // columns with a control character, which a term therefore never holds: apps/server db/trigram.ts).
  item_search: z
    .string()
    .overwrite((term) => term.replace(CONTROL_CHARACTERS, ' '))
    .trim()
    .max(200)
    .optional(),
  sort_order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export const listResultSchema = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), totalRecords: z.number().int() });

export const idSchema = z.object({ id: idField() });
export type IdInput = z.infer<typeof idSchema>;

export const emptySchema = z.object({}).passthrough();
