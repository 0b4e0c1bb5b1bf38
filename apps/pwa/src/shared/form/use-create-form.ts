import { useEffect, useRef, useState } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type Resolver } from 'react-hook-form';
import { ApiError, newIdempotencyKey } from '@corridor/api';
import { SERVER_ERROR } from '@/components/form/form-field.tsx';

/**
 * A form that creates one thing on the server: checked on the device, sent with an idempotency key, the
 * server's refusals set on the fields they name. `create` sends the body under the key; `onCreated` gets
 * what the server made.
 */
export function useCreateForm<TForm extends FieldValues, TBody, TCreated>({
  resolver,
  defaultValues,
  create,
  onCreated,
  serverFields = {},
}: {
  resolver: Resolver<TForm, unknown, TBody>;
  defaultValues: DefaultValues<TForm>;
  create: (body: TBody, idempotencyKey: string) => Promise<TCreated>;
  onCreated: (created: TCreated) => void;
  /** Where a refusal goes when the server names a body path the form keeps under another name (targetAmount.amount -> amount). */
  serverFields?: Readonly<Record<string, FieldPath<TForm>>>;
}) {
  const form = useForm<TForm, unknown, TBody>({ resolver, defaultValues });
  const [sending, setSending] = useState(false);
  // One key per request the user means: sending the same form again after a lost answer (a time-out
  // after the server created it) gives back the first one instead of a second. Any change to the form
  // makes it another request, with a new key, and drops the server's last refusals.
  const idempotencyKey = useRef(newIdempotencyKey());
  useEffect(() => {
    const { unsubscribe } = form.watch(() => {
      idempotencyKey.current = newIdempotencyKey();
      for (const [name, error] of Object.entries(form.formState.errors)) {
        if (error?.type === SERVER_ERROR) form.clearErrors(name as FieldPath<TForm>);
      }
    });
    return unsubscribe;
  }, [form]);

  const send = async (body: TBody) => {
    setSending(true);
    try {
      onCreated(await create(body, idempotencyKey.current));
      return true;
    } catch (error) {
      if (error instanceof ApiError) {
        for (const p of error.invalidParameters) {
          const field = serverFields[p.parameter] ?? (p.parameter in form.getValues() ? (p.parameter as FieldPath<TForm>) : undefined);
          if (field) form.setError(field, { type: SERVER_ERROR, message: p.message });
        }
      }
      return false;
    } finally {
      setSending(false);
    }
  };
  return { form, send, sending };
}
