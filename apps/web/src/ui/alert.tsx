import type { ReactNode } from 'react';

type Severity = 'error' | 'success' | 'info' | 'warn';

const ICONS: Record<Severity, string> = {
  error: 'pi-times-circle',
  success: 'pi-check-circle',
  info: 'pi-info-circle',
  warn: 'pi-exclamation-triangle',
};

/** An inline message box. Errors and warnings are announced at once (role alert); the rest politely. */
export function Alert({ severity, children, id }: { severity: Severity; children: ReactNode; id?: string }) {
  const urgent = severity === 'error' || severity === 'warn';
  return (
    <div id={id} className={`alert alert-${severity}`} role={urgent ? 'alert' : 'status'}>
      <i className={`pi ${ICONS[severity]}`} aria-hidden="true" />
      <div className="alert-body">{children}</div>
    </div>
  );
}
