import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../app/api-client';
import { uploadBulkFile } from './upload-bulk-file';

export function uploadCSV(s3Url: string) {
  return call('uploadCSV', { s3_url: s3Url });
}

export type BulkStage = 'uploading' | 'checking';

/** The spec's two calls in turn: the sheet to uploadFile, then its `file_url` to uploadCSV (all rows or none). */
export function useBulkUpload(onStage: (stage: BulkStage) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      onStage('uploading');
      const url = await uploadBulkFile(file);
      onStage('checking');
      return uploadCSV(url);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['getAllOffers'] }),
  });
}
