import { useEffect, useRef, type ReactNode } from 'react';

type Severity = 'error' | 'success' | 'info' | 'warn';

const ICONS: Record<Severity, string> = {
  error: 'pi-times-circle',
  success: 'pi-check-circle',
  info: 'pi-info-circle',
  warn: 'pi-exclamation-triangle',
};

/**
 * An inline message box. Errors and warnings are announced at once (role alert); the rest politely. With
 * `focusOnShow` it takes focus and scrolls into view when it appears: an answer at the top of a long form must not
 * land out of sight while the user is at its bottom.
 */
export function Alert({
  severity,
  children,
  id,
  focusOnShow = false,
}: {
  severity: Severity;
  children: ReactNode;
  id?: string;
  focusOnShow?: boolean;
}) {
  const urgent = severity === 'error' || severity === 'warn';
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusOnShow || !box.current) return;
    box.current.scrollIntoView?.({ block: 'center' });
    box.current.focus({ preventScroll: true });
  }, [focusOnShow]);
  return (
    <div
      ref={box}
      id={id}
      className={`alert alert-${severity}`}
      role={urgent ? 'alert' : 'status'}
      tabIndex={focusOnShow ? -1 : undefined}
    >
      <i className={`pi ${ICONS[severity]}`} aria-hidden="true" />
      <div className="alert-body">{children}</div>
    </div>
  );
}
