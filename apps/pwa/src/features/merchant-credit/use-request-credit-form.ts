import { zodResolver } from '@hookform/resolvers/zod';
import { decimalsOf } from '@corridor/domain';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { useCreateForm } from '@/shared/form/use-create-form.ts';
import { creditRequestFormSchema, emptyCreditRequestForm, type CreditRequestBody, type CreditRequestForm } from './credit-request-form.ts';
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
  const { form, send, sending } = useCreateForm<CreditRequestForm, CreditRequestBody, CreditRequest>({
    resolver: zodResolver(creditRequestFormSchema(dpOf)),
    defaultValues: emptyCreditRequestForm(new Date(), fixed ? { id: fixed.id, currency: fixed.currency.code } : undefined),
    create: (body, idempotencyKey) => api.call<'credit.merchantCreateRequest'>('credit.merchantCreateRequest', { body, idempotencyKey }),
    onCreated: (created) => {
      notify({ type: 'success', i18nMessage: 'merchantCredit.created', messageParams: { id: created.transactionId ?? created.id } });
      onCreated(created);
    },
  });
  return { form, send, sending, dp: dpOf(form.watch('currency')) };
}
