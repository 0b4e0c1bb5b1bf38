import { useEffect, useLayoutEffect, useRef } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { FxPanel } from '@/components/fx-panel/fx-panel.tsx';
import { quoteBlock, type SendBlock } from '@/components/fx-panel/quote-steps.ts';
import { quoteCalls } from '@/components/fx-panel/quote-calls.ts';
import { useQuote } from '@/components/fx-panel/use-quote.ts';
import { FormField, TEXTAREA_CLASS } from '@/components/form/form-field.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { useViewerCurrencyDp } from '@/components/wallets/use-currency-dp.ts';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { useCreateForm } from '@/shared/form/use-create-form.ts';
import { NeedsNetwork } from './needs-network.tsx';
import type { CreatedTransaction, TransactionBody } from './top-up-form.ts';
import { TRANSFER_SERVER_FIELDS, emptyTransferForm, transferFormSchema, transferQuoteRequest, transferQuoteWait, type TransferForm } from './transfer-form.ts';
import { useOwnWallets, walletChoice } from './use-form-data.ts';

/** How long typing pauses before a quote is asked for (spec 1: amount changes may be debounced). */
const QUOTE_DEBOUNCE_MS = 600;

export interface TransferScreenProps {
  listPath: string;
  onCreated: (created: CreatedTransaction) => void;
  onCancel: () => void;
}

/**
 * New transfer: an FX deal between two of the merchant's wallets. Once both wallets and the amount are
 * valid the FX panel asks for a quote and counts it down on server time; Send names that quote, and is
 * off while there is none, or it expired. The source amount and fees are held at once; both TSPs approve.
 */
export function TransferScreen({ listPath, onCreated, onCancel }: TransferScreenProps) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const dpOf = useViewerCurrencyDp('MERCHANT');
  const wallets = (useOwnWallets().data?.content ?? []).filter((w) => w.status === 'ACTIVE');
  const currencyOf = (id: string) => wallets.find((w) => w.id === id)?.currency.code;
  const quote = useQuote('MERCHANT', quoteCalls('MERCHANT'), online);
  const quoteId = quote.usable ? (quote.view.quote?.id ?? null) : null;
  // The form's resolver reads the quote held when Send is pressed, not the one of its first render.
  const quoteIdRef = useRef(quoteId);
  useLayoutEffect(() => {
    quoteIdRef.current = quoteId;
  });
  const { form, send, sending } = useCreateForm<TransferForm, TransactionBody, CreatedTransaction>({
    resolver: zodResolver(transferFormSchema({ currencyOf, dpOf }, () => quoteIdRef.current)),
    defaultValues: emptyTransferForm,
    serverFields: TRANSFER_SERVER_FIELDS,
    create: (body, idempotencyKey) => api.call<'merchantTransactions.create'>('merchantTransactions.create', { body, idempotencyKey }),
    onCreated: (created) => {
      notify({ type: 'success', i18nMessage: 'transactionForms.transfer.created', messageParams: { id: created.transactionId } });
      onCreated(created);
    },
  });
  const [sourceWalletId, targetWalletId, amount] = form.watch(['sourceWalletId', 'targetWalletId', 'amount']);
  const typed = { sourceWalletId, targetWalletId, amount, remarks: '' };
  const request = online ? transferQuoteRequest(typed, { currencyOf, dpOf }) : null;
  const waitingFor = transferQuoteWait(typed, { currencyOf, dpOf });
  // Send is off without a usable quote; its label then names the step missing (spec: the user sees what to do).
  const blockedBy: SendBlock | null = sending
    ? null
    : !online
      ? 'offline'
      : quoteId === null
        ? (quoteBlock(quote.view.status) ?? waitingFor ?? 'quoting')
        : null;
  const requestKey = request ? JSON.stringify(request) : null;
  const askRef = useRef(quote.request);
  useLayoutEffect(() => {
    askRef.current = quote.request;
  });
  // A new quote for each settled change of wallets or amount; the panel keeps the last one until then.
  useEffect(() => {
    if (requestKey === null) return undefined;
    const timer = setTimeout(() => askRef.current(JSON.parse(requestKey) as NonNullable<typeof request>), QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [requestKey]);

  const submit = form.handleSubmit(async (body) => {
    await send(body);
  });
  // The target offers only other currencies: a transfer is an FX deal between two.
  const sourceCurrency = currencyOf(sourceWalletId);
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4" data-testid="transfer-form">
      <PageHeader title={t('transactionForms.transfer.title')} description={t('transactionForms.transfer.subtitle')} back={listPath} />
      {!online && <NeedsNetwork />}
      <FormProvider {...form}>
        <form className="grid items-start gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]" noValidate onSubmit={(e) => void submit(e)}>
          <div className="grid min-w-0 gap-4 rounded-lg border bg-card p-4">
            <FormField<TransferForm, 'sourceWalletId'>
              name="sourceWalletId"
              id="transfer-source"
              label={t('transactionForms.transfer.source')}
              render={(field) => (
                <NativeSelect {...field} placeholder={t('transactionForms.chooseWallet')} choices={wallets.map(walletChoice)} data-testid="transfer-source" />
              )}
            />
            <FormField<TransferForm, 'targetWalletId'>
              name="targetWalletId"
              id="transfer-target"
              label={t('transactionForms.transfer.target')}
              render={(field) => (
                <NativeSelect
                  {...field}
                  placeholder={t('transactionForms.chooseWallet')}
                  choices={wallets.filter((w) => w.id !== sourceWalletId && w.currency.code !== sourceCurrency).map(walletChoice)}
                  data-testid="transfer-target"
                />
              )}
            />
            <FormField<TransferForm, 'amount'>
              name="amount"
              id="transfer-amount"
              label={sourceCurrency ? t('transactionForms.amountIn', { currency: sourceCurrency }) : t('transactionForms.amount')}
              messageParams={{ dp: sourceCurrency ? dpOf(sourceCurrency) : 8 }}
              render={(field) => <Input {...field} dir="ltr" inputMode="decimal" placeholder="0.00" autoComplete="off" data-testid="transfer-amount" />}
            />
            <FormField<TransferForm, 'remarks'>
              name="remarks"
              id="transfer-remarks"
              label={t('transactionForms.remarks')}
              render={(field) => <textarea {...field} rows={3} maxLength={255} className={TEXTAREA_CLASS} data-testid="transfer-remarks" />}
            />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onCancel} data-testid="transfer-cancel">
                {t('transactionForms.discard')}
              </Button>
              <Button type="submit" disabled={sending || blockedBy !== null} data-testid="transfer-submit" data-blocked-by={blockedBy ?? undefined}>
                {sending && <Loader2 className="animate-spin" aria-hidden />}
                {blockedBy ? t(`fxPanel.nextStep.${blockedBy}`) : t('transactionForms.transfer.submit')}
              </Button>
            </div>
          </div>
          {/* Below the 56 px top bar (top-14) with the page's gap. */}
          <div className="grid min-w-0 gap-4 lg:sticky lg:top-18">
            {online || quote.view.quote ? (
              <FxPanel
                role="MERCHANT"
                view={quote.view}
                dpOf={dpOf}
                waitingFor={waitingFor}
                onNegotiate={quote.onNegotiate}
                onEditFees={quote.onEditFees}
                onSaveFees={quote.onSaveFees}
                onCancelEdit={quote.onCancelEdit}
                onRetry={quote.onRetry}
              />
            ) : (
              <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground" data-testid="transfer-quote-hint">
                {t('transactionForms.transfer.quoteHint')}
              </p>
            )}
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
