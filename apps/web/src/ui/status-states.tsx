// The three states every data view has besides its data: loading, failed, and empty ('No Data Found').
import { Link } from 'react-router';
import { ApiError, errorText } from '../app/api-client';

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export type BackLink = { to: string; label: string };

/** A failure in place: "Try again" when trying again may help, a link back when what was asked for is not there. */
export function ErrorState({ message, onRetry, back }: { message: string; onRetry?: () => void; back?: BackLink }) {
  return (
    <div className="state state-error" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{message}</span>
      {back ? (
        <Link to={back.to}>{back.label}</Link>
      ) : onRetry ? (
        <button type="button" className="link-button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** A failed query: a 404 (not found, or another company's) links back to `back`; anything else offers a retry. */
export function QueryError({ error, onRetry, back }: { error: unknown; onRetry: () => void; back: BackLink }) {
  const notFound = error instanceof ApiError && error.statusCode === 404;
  return notFound ? (
    <ErrorState message={errorText(error)} back={back} />
  ) : (
    <ErrorState message={errorText(error)} onRetry={onRetry} />
  );
}

export const NO_DATA = 'No Data Found';

export function EmptyState({ message = NO_DATA }: { message?: string }) {
  return (
    <div className="state state-empty" role="status">
      <span>{message}</span>
    </div>
  );
}
