import { Button } from './button';

type Props = { label: string; blocked: boolean; busy?: boolean; className?: string };

/**
 * A submit button that is disabled for assistive technology and for pointer users while the form cannot be sent
 * (`aria-disabled`), yet stays focusable and still submits: the form then shows every message that explains why,
 * and sends nothing. While a request runs it is natively disabled.
 */
export function SubmitButton({ label, blocked, busy = false, className }: Props) {
  return (
    <Button
      type="submit"
      label={label}
      loading={busy}
      aria-disabled={blocked || busy}
      className={`submit-button${blocked ? ' is-blocked' : ''}${className ? ` ${className}` : ''}`}
    />
  );
}
