import { useMutation } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { saveStoredFile } from '../../../ui/save-file';

/** The bulk-upload template of a side: generateExcel stores it as a file of the company, getFile brings its bytes. */
export async function downloadTemplate(type: 'offer' | 'ask') {
  const { data } = await call('generateExcel', { type });
  await saveStoredFile(data.file_url, data.file_name);
  return data.file_name;
}

export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate });
}
