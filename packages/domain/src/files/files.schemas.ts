import { z } from 'zod';

export const uploadResultSchema = z.object({ file_url: z.string(), id: z.string() });
export const getFileSchema = z.object({ id: z.string().uuid('File not found') });

/** `file_url` values have the form `/api/getFile?id=<uuid>`; the id is what the calls take. */
export function fileIdFromUrl(url: string): string | null {
  const match = /(?:^|[?&]id=|\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(url.trim());
  return match?.[1]?.toLowerCase() ?? null;
}

export function fileUrlOf(id: string): string {
  return `/api/getFile?id=${id}`;
}
