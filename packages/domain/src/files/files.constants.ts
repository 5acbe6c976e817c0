export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ALLOWED_UPLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png';
/** `uploadFile`'s `purpose` (and the stored file's kind) of a trade's sale order. */
export const SALE_ORDER_PURPOSE = 'sale_order';
/** An upload that no registration claims within this time is deleted. */
export const UNCLAIMED_UPLOAD_TTL_HOURS = 24;

export const FILE_MESSAGES = {
  invalidFormat: 'Invalid file format. Please upload a .pdf, .jpg, or .png file.',
  tooLarge: 'File size exceeds the 5MB limit. Please upload a smaller file.',
  failed: 'File upload failed. Please try again.',
  uploaded: 'File uploaded successfully',
  notFound: 'File not found',
} as const;

/** Accepts by extension and declared type, as the browser's picker does; the server checks content too. */
export function fileLooksAllowed(name: string, type: string): boolean {
  const extOk = /\.(pdf|jpe?g|png)$/i.test(name);
  return extOk && (type === '' || (ALLOWED_UPLOAD_TYPES as readonly string[]).includes(type));
}

/** The spec's note under a document picker (PAN card, sale order). */
export const UPLOAD_HINT = 'Allowed file types: .pdf, .jpg, .jpeg, .png. Max size: 5MB.';

/** The spec's message for a chosen document (PAN card, sale order) that may not be uploaded, or null. */
export function uploadProblem(file: { name: string; type: string; size: number }): string | null {
  if (!fileLooksAllowed(file.name, file.type)) return FILE_MESSAGES.invalidFormat;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_MESSAGES.tooLarge;
  return null;
}

/** `file_url` values have the form `/api/getFile?id=<uuid>`; the id is what the calls take. */
export function fileIdFromUrl(url: string): string | null {
  const match = /(?:^|[?&]id=|\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(url.trim());
  return match?.[1]?.toLowerCase() ?? null;
}

export function fileUrlOf(id: string): string {
  return `/api/getFile?id=${id}`;
}
