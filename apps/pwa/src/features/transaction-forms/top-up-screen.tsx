import { useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { FormField, TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { enqueue } from '@/lib/outbox/outbox-store.ts';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { useCreateForm } from '@/shared/form/use-create-form.ts';
import { TOP_UP_SERVER_FIELDS, emptyTopUpForm, topUpFormSchema, type CreatedTransaction, type TopUpForm, type TransactionBody } from './top-up-form.ts';
import { useCollectionModes, useOwnWallets, walletChoice } from './use-form-data.ts';

export interface TopUpScreenProps {
  /** The top-ups list (the page's back link and where Cancel goes). */
  listPath: string;
  onCreated: (created: CreatedTransaction) => void;
  /** Offline: the top-up is kept on the device and sent once back online (the list shows it meanwhile). */
  onQueued: () => void;
  onCancel: () => void;
}

/**
 * New top-up: the wallet the money lands in, the amount in that wallet's currency, how it is collected,
 * a reference and remarks. Sent once under an idempotency key; PENDING until the wallet's TSP approves it.
 * A top-up needs no quote, so offline it is checked the same way and queued in the outbox under its own
 * UUID (whose Idempotency-Key lands it once after a reconnect), and the user goes back to the list.
 */
export function TopUpScreen({ listPath, onCreated, onQueued, onCancel }: TopUpScreenProps) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const userId = useCurrentUser()?.id ?? null;
  const [queuing, setQueuing] = useState(false);
  // A second click before the first one's render disabled the button must not queue a second top-up.
  const queuingNow = useRef(false);
  const dpOf = useViewerCurrencyDp('MERCHANT');
  const wallets = (useOwnWallets().data?.content ?? []).filter((w) => w.status === 'ACTIVE');
  const modes = useCollectionModes().data?.content ?? [];
  const currencyOf = (id: string) => wallets.find((w) => w.id === id)?.currency.code;
  const { form, send, sending } = useCreateForm<TopUpForm, TransactionBody, CreatedTransaction>({
    resolver: zodResolver(topUpFormSchema(currencyOf, dpOf)),
    defaultValues: emptyTopUpForm,
    serverFields: TOP_UP_SERVER_FIELDS,
    create: (body, idempotencyKey) => api.call<'merchantTransactions.create'>('merchantTransactions.create', { body, idempotencyKey }),
    onCreated: (created) => {
      notify({ type: 'success', i18nMessage: 'transactionForms.topUp.created', messageParams: { id: created.transactionId } });
      onCreated(created);
    },
  });
  const currency = currencyOf(form.watch('targetWalletId'));
  const queue = async (body: TransactionBody) => {
    if (!userId || queuingNow.current) return;
    queuingNow.current = true;
    setQueuing(true);
    try {
      const id = crypto.randomUUID();
      await enqueue({ id, userId, kind: 'topup', body: { ...body, draftId: id } });
      notify({ type: 'info', i18nMessage: 'transactionForms.topUp.queued' });
      onQueued();
    } catch {
      // Never silent: the top-up is kept nowhere, the user must know.
      notify({ type: 'error', i18nMessage: 'transactionForms.topUp.queueFailed' });
      queuingNow.current = false;
      setQueuing(false);
    }
  };
  const submit = form.handleSubmit(async (body) => {
    if (online) await send(body);
    else await queue(body);
  });
  const busy = sending || queuing;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4" data-testid="top-up-form">
      <PageHeader title={t('transactionForms.topUp.title')} description={t('transactionForms.topUp.subtitle')} back={listPath} />
      <FormProvider {...form}>
        <form className="grid gap-4 rounded-lg border bg-card p-4" noValidate onSubmit={(e) => void submit(e)}>
          <FormField<TopUpForm, 'targetWalletId'>
            name="targetWalletId"
            id="top-up-wallet"
            label={t('transactionForms.wallet')}
            render={(field) => (
              <NativeSelect {...field} placeholder={t('transactionForms.chooseWallet')} choices={wallets.map(walletChoice)} data-testid="top-up-wallet" />
            )}
          />
          <FormField<TopUpForm, 'amount'>
            name="amount"
            id="top-up-amount"
            label={currency ? t('transactionForms.amountIn', { currency }) : t('transactionForms.amount')}
            messageParams={{ dp: currency ? dpOf(currency) : 8 }}
            render={(field) => <Input {...field} dir="ltr" inputMode="decimal" placeholder="0.00" autoComplete="off" data-testid="top-up-amount" />}
          />
          <FormField<TopUpForm, 'collectionMode'>
            name="collectionMode"
            id="top-up-collection-mode"
            label={t('transactionForms.topUp.collectionMode')}
            render={(field) => (
              <NativeSelect
                {...field}
                placeholder={t('transactionForms.topUp.chooseCollectionMode')}
                choices={modes.map((m) => ({ value: m.code, label: m.name }))}
                data-testid="top-up-collection-mode"
              />
            )}
          />
          <FormField<TopUpForm, 'referenceNumber'>
            name="referenceNumber"
            id="top-up-reference"
            label={t('transactionForms.topUp.reference')}
            render={(field) => <Input {...field} dir="ltr" maxLength={64} autoComplete="off" data-testid="top-up-reference" />}
          />
          <FormField<TopUpForm, 'remarks'>
            name="remarks"
            id="top-up-remarks"
            label={t('transactionForms.remarks')}
            render={(field) => <textarea {...field} rows={3} maxLength={255} className={TEXTAREA_CLASS} data-testid="top-up-remarks" />}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onCancel} data-testid="top-up-cancel">
              {t('transactionForms.discard')}
            </Button>
            <Button type="submit" disabled={busy || (!online && !userId)} data-testid="top-up-submit">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t(online ? 'transactionForms.topUp.submit' : 'transactionForms.topUp.queue')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
