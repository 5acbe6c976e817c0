// A secret the server shows once (an API key, a webhook's signing secret): read-only, selected on focus, with a Copy
// button and the warning that it will not be shown again.
import { useId, useState } from 'react';
import { Button } from './button';
import './secret-once.css';

export function SecretOnce({ label, value }: { label: string; value: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="secret-once">
      <label htmlFor={id}>{label}</label>
      <div className="secret-once-row">
        <input
          id={id}
          className="p-inputtext p-component secret-once-value"
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button label={copied ? 'Copied' : 'Copy'} onClick={() => void copy()} aria-label={`Copy ${label}`} />
      </div>
      <p className="secret-once-warning" role="note">
        Copy it now: it will not be shown again.
      </p>
    </div>
  );
}
