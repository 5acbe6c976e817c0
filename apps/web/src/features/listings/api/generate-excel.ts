import { fileIdFromUrl } from '@spirit/domain/files/files.schemas';
import { useMutation } from '@tanstack/react-query';
import { call, fetchFile } from '../../../app/api-client';

/** The bulk-upload template of a side: generateExcel stores it as a file of the company, getFile brings its bytes. */
export async function downloadTemplate(type: 'offer' | 'ask') {
  const { data } = await call('generateExcel', { type });
  const id = fileIdFromUrl(data.file_url);
  if (!id) throw new Error('The template link is not a file link');
  const file = await fetchFile(id);
  const link = document.createElement('a');
  link.href = file.url;
  link.download = data.file_name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the bytes once the click is handled.
  window.setTimeout(() => URL.revokeObjectURL(file.url), 10_000);
  return data.file_name;
}

export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate });
}
