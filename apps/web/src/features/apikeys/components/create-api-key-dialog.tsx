// "New API Key": a name and a scope; on success the key is shown once, with a Copy button, until the dialog closes.
import { API_KEY_SCOPES, API_KEY_SCOPE_LABELS, type ApiKeyScope } from '@spirit/domain/apikeys/apikeys.constants';
import { createApiKeySchema } from '@spirit/domain/apikeys/apikeys.schemas';
import { useId, useState } from 'react';
import { FormField, inputClass } from '../../../ui/form-field';
import { SecretOnceDialog } from '../../../ui/secret-once-dialog';
import { useCreateApiKey } from '../api/create-api-key';

export function CreateApiKeyDialog({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiKeyScope>('read');
  const create = useCreateApiKey();

  return (
    <SecretOnceDialog
      header="New API Key"
      visible={visible}
      onClose={onClose}
      schema={createApiKeySchema}
      values={{ name, scope }}
      mutation={create}
      secretLabel="API key"
      secretOf={(res) => res.data.key}
      onReset={() => {
        setName('');
        setScope('read');
      }}
    >
      {(errors) => (
        <>
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
        </>
      )}
    </SecretOnceDialog>
  );
}
