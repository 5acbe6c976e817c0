// A dialog that creates something holding a secret (an API key, a webhook's signing secret): a form checked with the
// contract's schema before it is sent; on success the secret is shown once (SecretOnce) until the dialog closes, and
// closing clears the form for the next one.
import type { UseMutationResult } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ApiError, errorText } from '../app/api-client';
import { Alert } from './alert';
import { Button } from './button';
import { SecretOnce } from './secret-once';
import { useToast } from './toast';

export type FieldErrors = Record<string, string>;

export function SecretOnceDialog<Body, Result extends { message: string }>(props: {
  header: string;
  visible: boolean;
  onClose: () => void;
  /** The contract's schema of the call, and the form's values it checks on submit. */
  schema: z.ZodType<Body>;
  values: unknown;
  mutation: UseMutationResult<Result, Error, Body>;
  /** The secret's label, and where the call's answer holds it. */
  secretLabel: string;
  secretOf: (result: Result) => string;
  /** Said under the secret: how to use it. */
  secretNote?: ReactNode;
  /** Puts the form's fields back as they start. */
  onReset: () => void;
  /** The form's fields, with the messages of the schema or the server under them. */
  children: (errors: FieldErrors) => ReactNode;
}) {
  const { mutation, onReset, onClose } = props;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [secret, setSecret] = useState<string | null>(null);
  const toast = useToast();

  const close = () => {
    onReset();
    setErrors({});
    setSecret(null);
    mutation.reset();
    onClose();
  };
  const submit = () => {
    const parsed = props.schema.safeParse(props.values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onSuccess: (res) => {
        setSecret(props.secretOf(res));
        toast.success(res.message);
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        toast.failure(errorText(error));
      },
    });
  };

  return (
    <Dialog header={props.header} visible={props.visible} onHide={close} className="form-dialog" draggable={false}>
      {secret ? (
        <>
          <SecretOnce label={props.secretLabel} value={secret} />
          {props.secretNote}
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
          {mutation.isError ? <Alert severity="error">{errorText(mutation.error)}</Alert> : null}
          {props.children(errors)}
          <div className="form-actions">
            <Button label="Cancel" className="p-button-outlined" onClick={close} />
            <Button label="Create" type="submit" loading={mutation.isPending} />
          </div>
        </form>
      )}
    </Dialog>
  );
}
