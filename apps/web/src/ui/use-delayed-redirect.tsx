// "Saved, back to the list in a moment": goes to `to` after `ms`, unless the page is left first. Long waits
// (a mapping's five seconds) show a countdown with a way to go at once.
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCountdown } from './use-countdown';

type Target = { to: string; ms: number };

export function useDelayedRedirect(): {
  redirect: (to: string, ms: number) => void;
  target: string | null;
  remaining: number;
} {
  const navigate = useNavigate();
  const [target, setTarget] = useState<Target | null>(null);
  const countdown = useCountdown();
  const { start } = countdown;

  useEffect(() => {
    if (!target) return;
    const timer = window.setTimeout(() => navigate(target.to), target.ms);
    return () => window.clearTimeout(timer);
  }, [target, navigate]);

  const redirect = useCallback(
    (to: string, ms: number) => {
      setTarget({ to, ms });
      start(Math.ceil(ms / 1000));
    },
    [start],
  );

  return { redirect, target: target?.to ?? null, remaining: countdown.remaining };
}

/** The visible countdown of a pending redirect; announced once, not at every tick. */
export function RedirectNotice({ to, remaining, label }: { to: string; remaining: number; label: string }) {
  return (
    <div className="redirect-notice">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
      <span role="status" className="visually-hidden">
        Returning to {label} shortly.
      </span>
      <span aria-hidden="true">
        Returning to {label} in {remaining} s.
      </span>
      <Link to={to}>Go now</Link>
    </div>
  );
}
