import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, newIdempotencyKey } from '@corridor/api';
import { SERVER_ERROR } from '@/components/form/form-field.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { beneficiaryFormSchema, emptyBeneficiaryForm, type BeneficiaryBody, type BeneficiaryField, type BeneficiaryForm } from './beneficiary-form.ts';
import type { Beneficiary } from './use-beneficiaries.ts';

/**
 * The Add beneficiary form: checked on the device, sent with an idempotency key (a lost answer sent
 * again adds nothing twice), the server's refusals set on the fields they name.
 */
export function useAddBeneficiaryForm(onCreated: (b: Beneficiary) => void) {
  const form = useForm<BeneficiaryForm, unknown, BeneficiaryBody>({ resolver: zodResolver(beneficiaryFormSchema), defaultValues: emptyBeneficiaryForm });
  const [sending, setSending] = useState(false);
  const idempotencyKey = useRef(newIdempotencyKey());
  useEffect(() => {
    const { unsubscribe } = form.watch(() => {
      idempotencyKey.current = newIdempotencyKey();
      for (const [name, error] of Object.entries(form.formState.errors)) {
        if (error?.type === SERVER_ERROR) form.clearErrors(name as BeneficiaryField);
      }
    });
    return unsubscribe;
  }, [form]);

  const send = async (body: BeneficiaryBody) => {
    setSending(true);
    try {
      const created = await api.call<'beneficiaries.create'>('beneficiaries.create', { body, idempotencyKey: idempotencyKey.current });
      notify({ type: 'success', i18nMessage: 'beneficiaries.created', messageParams: { name: created.displayName } });
      onCreated(created);
      return true;
    } catch (error) {
      if (error instanceof ApiError) {
        for (const p of error.invalidParameters) {
          if (p.parameter in form.getValues()) form.setError(p.parameter as BeneficiaryField, { type: SERVER_ERROR, message: p.message });
        }
      }
      return false;
    } finally {
      setSending(false);
    }
  };
  return { form, send, sending };
}
