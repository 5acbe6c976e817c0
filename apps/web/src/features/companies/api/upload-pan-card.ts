import { uploadFile } from '../../../app/api-client';

/** Uploads a PAN card before the company exists; `createCompany` claims it by its `file_url`. */
export async function uploadPanCard(file: File): Promise<string> {
  const { data } = await uploadFile(file, { anonymous: true });
  return data.file_url;
}
