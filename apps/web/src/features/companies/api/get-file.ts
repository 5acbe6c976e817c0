import { fileIdFromUrl } from '@spirit/domain/files/files.schemas';
import { useEffect, useState } from 'react';
import { errorText, fetchFile } from '../../../app/api-client';

export type PanDocument =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; url: string; kind: 'image' | 'pdf' | 'other' };

const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif'];

function kindOf(contentType: string): 'image' | 'pdf' | 'other' {
  if (IMAGE_TYPES.includes(contentType)) return 'image';
  if (contentType === 'application/pdf') return 'pdf';
  return 'other';
}

/**
 * The PAN card behind a company's `license` URL, fetched through `getFile` with the session (the file is private)
 * and shown from an object URL, which is released when the page goes.
 */
export function usePanDocument(fileUrl: string | null | undefined): PanDocument {
  const id = fileUrl ? fileIdFromUrl(fileUrl) : null;
  const [state, setState] = useState<{ id: string | null; doc: PanDocument }>({ id: null, doc: { status: 'none' } });

  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    let url: string | null = null;
    setState({ id, doc: { status: 'loading' } });
    fetchFile(id, { signal: controller.signal })
      .then((file) => {
        url = file.url;
        if (controller.signal.aborted) URL.revokeObjectURL(file.url);
        else setState({ id, doc: { status: 'ready', url: file.url, kind: kindOf(file.contentType) } });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ id, doc: { status: 'error', message: errorText(error) } });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);

  if (!id) return { status: 'none' };
  return state.id === id ? state.doc : { status: 'loading' };
}
