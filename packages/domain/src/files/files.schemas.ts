import { z } from 'zod';

export const uploadResultSchema = z.object({ file_url: z.string(), id: z.string() });
export const getFileSchema = z.object({ id: z.string().uuid('File not found') });
