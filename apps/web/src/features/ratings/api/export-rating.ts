import { useMutation } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { saveStoredFile } from '../../../ui/save-file';

/** exportRating stores the spreadsheet as a file; getFile brings its bytes, which the browser saves. */
export async function downloadRatings() {
  const { data } = await call('exportRating', {});
  await saveStoredFile(data.downloadUrl, data.file_name);
  return data;
}

export function useDownloadRatings() {
  return useMutation({ mutationFn: downloadRatings });
}
