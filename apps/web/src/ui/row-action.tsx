// A row's actions in a list: icon buttons and links whose accessible name says what and on which row ("Edit Nashik
// Unit"), shown as a tooltip too. Icon-only keeps the Action column narrow, so a list fits at 1280 px.
import { Link } from 'react-router';

type Common = {
  /** The icon's PrimeIcons name, e.g. `pi-pencil`. */
  icon: string;
  /** The accessible name and tooltip, naming the row: "Notify Deccan Distilleries". */
  label: string;
};

export function RowActionLink({ to, icon, label, state }: Common & { to: string; state?: unknown }) {
  return (
    <Link to={to} state={state} className="icon-button" aria-label={label} title={label}>
      <i className={`pi ${icon}`} aria-hidden="true" />
    </Link>
  );
}

export function RowActionButton({
  icon,
  label,
  onClick,
  busy = false,
  disabled = false,
}: Common & { onClick: () => void; busy?: boolean; disabled?: boolean }) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      title={label}
      aria-busy={busy || undefined}
      disabled={disabled || busy}
      onClick={onClick}
    >
      <i className={`pi ${busy ? 'pi-spin pi-spinner' : icon}`} aria-hidden="true" />
    </button>
  );
}
