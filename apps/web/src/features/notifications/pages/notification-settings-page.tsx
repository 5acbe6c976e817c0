// Notification settings (issue 25 part 3): per type, whether it shows in the app (the bell) and whether it is mailed
// (in one digest a minute at most). Saved together.
import type { NotificationPreference } from '@spirit/domain/notifications/notifications.schemas';
import { Button } from 'primereact/button';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../../app/api-client';
import { EmptyState, ErrorState, LoadingState } from '../../../ui/status-states';
import { useToast } from '../../../ui/toast';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

type Row = NotificationPreference & { label: string };

function SettingsForm({ saved }: { saved: Row[] }) {
  const [rows, setRows] = useState(saved);
  const update = useUpdateNotificationPreferences();
  const toast = useToast();
  const set = (type: Row['type'], key: 'in_app' | 'mail', value: boolean) =>
    setRows((all) => all.map((r) => (r.type === type ? { ...r, [key]: value } : r)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      rows.map(({ type, in_app, mail }) => ({ type, in_app, mail })),
      {
        onSuccess: (result) => toast.success(result.message),
        onError: (error) => toast.failure(errorText(error)),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="Notification settings">
      <table className="settings-table">
        <caption className="visually-hidden">Which notifications you get, in the app and by mail</caption>
        <thead>
          <tr>
            <th scope="col">Notification</th>
            <th scope="col">In the app</th>
            <th scope="col">By mail</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.type}>
              <th scope="row">{r.label}</th>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${r.label} in the app`}
                  checked={r.in_app}
                  onChange={(e) => set(r.type, 'in_app', e.target.checked)}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${r.label} by mail`}
                  checked={r.mail}
                  onChange={(e) => set(r.type, 'mail', e.target.checked)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="form-hint">Mail comes as one digest a minute at most, listing everything since the last.</p>
      <Button type="submit" label="Save" icon="pi pi-check" loading={update.isPending} />
    </form>
  );
}

export function NotificationSettingsPage() {
  const prefs = useNotificationPreferences();
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title">Notification Settings</h1>
      <div className="card">
        {prefs.isPending ? (
          <LoadingState />
        ) : prefs.isError ? (
          <ErrorState message={errorText(prefs.error)} onRetry={() => void prefs.refetch()} />
        ) : prefs.data.length === 0 ? (
          <EmptyState />
        ) : (
          <SettingsForm saved={prefs.data} />
        )}
      </div>
    </section>
  );
}
