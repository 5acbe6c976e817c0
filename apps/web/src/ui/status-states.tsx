// The three states every data view has besides its data: loading, failed, and empty ('No Data Found').

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="state state-loading" role="status" aria-live="polite">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{message}</span>
      {onRetry ? (
        <button type="button" className="link-button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
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
