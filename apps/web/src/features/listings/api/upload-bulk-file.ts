import { uploadFile } from '../../../app/api-client';

/** Stores a bulk-upload sheet (`purpose=bulk`: csv, xls or xlsx); its `file_url` goes to uploadCSV. */
export async function uploadBulkFile(file: File): Promise<string> {
  const { data } = await uploadFile(file, { fields: { purpose: 'bulk' } });
  return data.file_url;
}
