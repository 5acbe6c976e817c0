// The uploaded PAN card, shown inline: an image, or the PDF in the browser's own viewer.
import { LoadingState } from '../../../ui/status-states';
import { usePanDocument } from '../api/get-file';

export function PanDocument({ fileUrl, companyName }: { fileUrl: string | null; companyName: string }) {
  const doc = usePanDocument(fileUrl);
  switch (doc.status) {
    case 'none':
      return <p className="muted">No PAN card uploaded (N/A).</p>;
    case 'loading':
      return <LoadingState label="Loading the PAN card…" />;
    case 'error':
      return (
        <p className="field-error" role="alert">
          The PAN card could not be loaded: {doc.message}
        </p>
      );
    case 'ready':
      return (
        <div className="pan-document">
          {doc.kind === 'image' ? (
            <img src={doc.url} alt={`PAN card of ${companyName}`} />
          ) : doc.kind === 'pdf' ? (
            <iframe src={doc.url} title={`PAN card of ${companyName} (PDF)`} />
          ) : null}
          <p>
            <a href={doc.url} target="_blank" rel="noopener noreferrer">
              Open the PAN card in a new tab
            </a>
          </p>
        </div>
      );
  }
}
