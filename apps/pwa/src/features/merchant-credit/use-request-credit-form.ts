import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, newIdempotencyKey } from '@corridor/api';
import { decimalsOf } from '@corridor/domain';
import { SERVER_ERROR } from '@/components/form/form-field.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import {
  creditRequestFormSchema,
  emptyCreditRequestForm,
  type CreditRequestBody,
  type CreditRequestField,
  type CreditRequestForm,
} from './credit-request-form.ts';
import type { CreditCurrency, CreditRequest, CreditWallet } from './credit-request-types.ts';

/**
 * The Request credit form: checked before sending, sent with an idempotency key, the server's own
 * refusals set on the fields they name.
 */
export function useRequestCreditForm({
  wallets,
  currencies,
  fixedWalletId,
  onCreated,
}: {
  wallets: readonly CreditWallet[];
  currencies: readonly CreditCurrency[];
  fixedWalletId?: string;
  onCreated: (request: CreditRequest) => void;
}) {
  const dpOf = (code: string) => decimalsOf(currencies.find((c) => c.code === code) ?? null);
  const fixed = wallets.find((w) => w.id === fixedWalletId);
  const form = useForm<CreditRequestForm, unknown, CreditRequestBody>({
    resolver: zodResolver(creditRequestFormSchema(dpOf)),
    defaultValues: emptyCreditRequestForm(new Date(), fixed ? { id: fixed.id, currency: fixed.currency.code } : undefined),
  });
  const [sending, setSending] = useState(false);
  // One key per request the user means: sending the same form again after a lost answer (a time-out
  // after the server created it) gives back the first request instead of a second one. Any change
  // to the form makes it another request, with a new key, and drops the server's last refusals.
  const idempotencyKey = useRef(newIdempotencyKey());
  useEffect(() => {
    const { unsubscribe } = form.watch(() => {
      idempotencyKey.current = newIdempotencyKey();
      for (const [name, error] of Object.entries(form.formState.errors)) {
        if (error?.type === SERVER_ERROR) form.clearErrors(name as CreditRequestField);
      }
    });
    return unsubscribe;
  }, [form]);

  const send = async (body: CreditRequestBody) => {
    setSending(true);
    try {
      const created = await api.call<'credit.merchantCreateRequest'>('credit.merchantCreateRequest', { body, idempotencyKey: idempotencyKey.current });
      notify({ type: 'success', i18nMessage: 'merchantCredit.created', messageParams: { id: created.transactionId ?? created.id } });
      onCreated(created);
      return true;
    } catch (error) {
      if (error instanceof ApiError) {
        for (const p of error.invalidParameters) {
          if (p.parameter in form.getValues()) form.setError(p.parameter as CreditRequestField, { type: SERVER_ERROR, message: p.message });
        }
      }
      return false;
    } finally {
      setSending(false);
    }
  };

  return { form, send, sending, dp: dpOf(form.watch('currency')) };
}
