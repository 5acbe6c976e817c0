// "New Webhook": an https URL and the event types; on success its signing secret is shown once.
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@spirit/domain/webhooks/webhooks.constants';
import { createWebhookSchema } from '@spirit/domain/webhooks/webhooks.schemas';
import type { EventType } from '@spirit/domain/events/events.constants';
import { useId, useState } from 'react';
import { FormField, inputClass } from '../../../ui/form-field';
import { SecretOnceDialog } from '../../../ui/secret-once-dialog';
import { useCreateWebhook } from '../api/webhooks';

export function CreateWebhookDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const id = useId();
  const [url, setUrl] = useState('https://');
  const [types, setTypes] = useState<EventType[]>([]);
  const create = useCreateWebhook();

  const toggle = (t: EventType) => setTypes((now) => (now.includes(t) ? now.filter((x) => x !== t) : [...now, t]));

  return (
    <SecretOnceDialog
      header="New Webhook"
      visible={visible}
      onClose={onClose}
      schema={createWebhookSchema}
      values={{ url, event_types: types }}
      mutation={create}
      secretLabel="Signing secret"
      secretOf={(res) => (res.data as { secret: string }).secret}
      secretNote={
        <p>
          Check each delivery’s <code>X-Spirit-Signature</code> with it: <code>v1=</code> and the hex HMAC-SHA256 of the{' '}
          <code>X-Spirit-Timestamp</code> header, a dot and the raw body.
        </p>
      }
      onReset={() => {
        setUrl('https://');
        setTypes([]);
      }}
    >
      {(errors) => (
        <>
          <FormField id={`${id}-url`} label="URL" required error={errors.url}>
            {(a11y) => (
              <input
                {...a11y}
                type="url"
                className={inputClass(!!errors.url)}
                maxLength={2000}
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
            )}
          </FormField>
          <fieldset className="checkbox-group" aria-describedby={errors.event_types ? `${id}-types-error` : undefined}>
            <legend>Event types</legend>
            {WEBHOOK_EVENT_TYPES.map((t) => (
              <label key={t} className="checkbox-option">
                <input type="checkbox" checked={types.includes(t)} onChange={() => toggle(t)} />
                <span>{WEBHOOK_EVENT_LABELS[t]}</span>
              </label>
            ))}
            {errors.event_types ? (
              <small id={`${id}-types-error`} className="p-error">
                {errors.event_types}
              </small>
            ) : null}
          </fieldset>
        </>
      )}
    </SecretOnceDialog>
  );
}
