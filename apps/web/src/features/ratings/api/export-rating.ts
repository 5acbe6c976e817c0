import { fileIdFromUrl } from '@spirit/domain/files/files.schemas';
import { useMutation } from '@tanstack/react-query';
import { call, fetchFile } from '../../../app/api-client';

/** exportRating stores the spreadsheet as a file; getFile brings its bytes, which the browser saves. */
export async function downloadRatings() {
  const { data } = await call('exportRating', {});
  const id = fileIdFromUrl(data.downloadUrl);
  if (!id) throw new Error('The export link is not a file link');
  const file = await fetchFile(id);
  const link = document.createElement('a');
  link.href = file.url;
  link.download = data.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the bytes once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(file.url), 10_000);
  return data;
}

export function useDownloadRatings() {
  return useMutation({ mutationFn: downloadRatings });
}
