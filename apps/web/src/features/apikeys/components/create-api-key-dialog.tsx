// "New API Key": a name and a scope; on success the key is shown once, with a Copy button, until the dialog closes.
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, type ApiKeyScope } from '@spirit/domain/apikeys/apikeys.constants';
import { createApiKeySchema } from '@spirit/domain/apikeys/apikeys.schemas';
import { Dialog } from 'primereact/dialog';
import { useId, useState } from 'react';
import { ApiError, errorText } from '../../../app/api-client';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { FormField, inputClass } from '../../../ui/form-field';
import { SecretOnce } from '../../../ui/secret-once';
import { useToast } from '../../../ui/toast';
import { useCreateApiKey } from '../api/create-api-key';

export function CreateApiKeyDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [key, setKey] = useState<string | null>(null);
  const create = useCreateApiKey();
  const toast = useToast();

  const close = () => {
    setName('');
    setScope('read');
    setErrors({});
    setKey(null);
    create.reset();
    onClose();
  };
  const submit = () => {
    const parsed = createApiKeySchema.safeParse({ name, scope });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (res) => {
        setKey(res.data.key);
        toast.success(res.message);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toast.failure(errorText(error));
      },
    });
  };

  return (
    <Dialog header="New API Key" visible={visible} onHide={close} className="form-dialog" draggable={false}>
      {key ? (
        <>
          <SecretOnce label="API key" value={key} />
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
          <FormField id={`${id}-name`} label="Name" required error={errors.name}>
            {(a11y) => (
              <input
                {...a11y}
                className={inputClass(!!errors.name)}
                maxLength={100}
                value={name}
                placeholder="e.g. ERP production"
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </FormField>
          <fieldset className="radio-group">
            <legend>Scope</legend>
            {API_KEY_SCOPES.map((s) => (
              <label key={s} className="radio-option">
                <input type="radio" name={`${id}-scope`} value={s} checked={scope === s} onChange={() => setScope(s)} />
                <span>{API_KEY_SCOPE_LABELS[s]}</span>
              </label>
            ))}
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
