// A private file behind a `file_url` (`/api/getFile?id=…`): fetched through `getFile` with the session and shown
// from an object URL, released when the view goes. A PAN card on the company pages, a trade's sale order on Bid
// Detail: an image inline, a PDF in the browser's own viewer.
import { fileIdFromUrl } from '@spirit/domain/files/files.constants';
import { useEffect, useState } from 'react';
import { errorText, fetchFile } from '../app/api-client';
import { LoadingState } from './status-states';

export type PrivateFile =
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

export function usePrivateFile(fileUrl: string | null | undefined): PrivateFile {
  const id = fileUrl ? fileIdFromUrl(fileUrl) : null;
  const [state, setState] = useState<{ id: string | null; doc: PrivateFile }>({ id: null, doc: { status: 'none' } });

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

type PreviewProps = {
  fileUrl: string;
  /** What the file is, for the image's text and the frame's title: "PAN card of Deccan Distilleries". */
  title: string;
  /** The link's text: "Open the sale order in a new tab". */
  openLabel: string;
};

/** The file shown inline (an image, or a PDF in an <iframe>) with a link to open it on its own. */
export function PrivateFilePreview({ fileUrl, title, openLabel }: PreviewProps) {
  const doc = usePrivateFile(fileUrl);
  switch (doc.status) {
    case 'none':
      return null;
    case 'loading':
      return <LoadingState label={`Loading the ${title}…`} />;
    case 'error':
      return (
        <p className="field-error" role="alert">
          The {title} could not be loaded: {doc.message}
        </p>
      );
    case 'ready':
      return (
        <div className="file-preview">
          {doc.kind === 'image' ? (
            <img src={doc.url} alt={title} />
          ) : doc.kind === 'pdf' ? (
            <iframe src={doc.url} title={`${title} (PDF)`} />
          ) : null}
          <p>
            <a href={doc.url} target="_blank" rel="noopener noreferrer">
              {openLabel}
            </a>
          </p>
        </div>
      );
  }
}
