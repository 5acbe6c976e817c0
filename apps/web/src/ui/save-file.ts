// Saving bytes the app fetched as a download: a temporary link clicked once. Not part of api-client, which /login
// loads. It reads file links with files.constants, not files.schemas: the chart pages' CSV downloads carry no zod.
import { fileIdFromUrl } from '@spirit/domain/files/files.constants';
import { fetchFile } from '../app/api-client';

/** Saves an object URL under `name`, then releases it once the browser has taken the bytes. */
function saveObjectUrl(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a blob under `name`. */
export function saveBlob(blob: Blob, name: string) {
  saveObjectUrl(URL.createObjectURL(blob), name);
}

/** Saves a stored file (a `getFile` link a call answered with, e.g. an export) under `name`. */
export async function saveStoredFile(fileUrl: string, name: string) {
  const id = fileIdFromUrl(fileUrl);
  if (!id) throw new Error('The download link is not a file link');
  saveObjectUrl((await fetchFile(id)).url, name);
}
