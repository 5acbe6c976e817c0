// "New Webhook": an https URL and the event types; on success its signing secret is shown once.
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@spirit/domain/webhooks/webhooks.constants';
import { createWebhookSchema } from '@spirit/domain/webhooks/webhooks.schemas';
import type { EventType } from '@spirit/domain/events/events.constants';
import { Dialog } from 'primereact/dialog';
import { useId, useState } from 'react';
import { ApiError, errorText } from '../../../app/api-client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { FormField, inputClass } from '../../../ui/form-field';
import { SecretOnce } from '../../../ui/secret-once';
import { useToast } from '../../../ui/toast';
import { useCreateWebhook } from '../api/webhooks';

export function CreateWebhookDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const id = useId();
  const [url, setUrl] = useState('https://');
  const [types, setTypes] = useState<EventType[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  const create = useCreateWebhook();
  const toast = useToast();

  const close = () => {
    setUrl('https://');
    setTypes([]);
    setErrors({});
    setSecret(null);
    create.reset();
    onClose();
  };
  const toggle = (t: EventType) => setTypes((now) => (now.includes(t) ? now.filter((x) => x !== t) : [...now, t]));
  const submit = () => {
    const parsed = createWebhookSchema.safeParse({ url, event_types: types });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        setSecret((res.data as { secret: string }).secret);
        toast.success(res.message);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toast.failure(errorText(error));
      },
    });
  };

  return (
    <Dialog header="New Webhook" visible={visible} onHide={close} className="form-dialog" draggable={false}>
      {secret ? (
        <>
          <SecretOnce label="Signing secret" value={secret} />
          <p>
            Check each delivery’s <code>X-Spirit-Signature</code> with it: <code>v1=</code> and the hex HMAC-SHA256 of
            the <code>X-Spirit-Timestamp</code> header, a dot and the raw body.
          </p>
          <div className="form-actions">
            <Button label="Done" onClick={close} />
          </div>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {create.isError ? <Alert severity="error">{errorText(create.error)}</Alert> : null}
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
          <div className="form-actions">
            <Button label="Cancel" className="p-button-outlined" onClick={close} />
            <Button label="Create" type="submit" loading={create.isPending} />
          </div>
        </form>
      )}
    </Dialog>
  );
}
