import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { ApiError, newIdempotencyKey } from '@corridor/api';
import { decimalsOf } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { api } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { notify } from '@/lib/notifications.ts';
import {
  creditRequestBody,
  emptyCreditRequestForm,
  validateCreditRequest,
  type CreditRequestErrors,
  type CreditRequestField,
  type CreditRequestForm,
} from './credit-request-form.ts';
import type { CreditCurrency, CreditRequest, CreditWallet } from './credit-request-types.ts';

const FIELD_CLASS =
  'flex h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:opacity-50';

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p className="text-xs text-destructive" data-testid={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * 'Request credit' (credit request POST): wallet, amount, currency (the wallet's), validity and
 * remarks. Every field is checked before sending; the server's own refusals land on the fields
 * they name.
 */
export function RequestCreditDialog({ open, onOpenChange, wallets, currencies, fixedWalletId, onCreated }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallets: readonly CreditWallet[];
  currencies: readonly CreditCurrency[];
  /** Opened from a wallet: the wallet is chosen and cannot change. */
  fixedWalletId?: string;
  onCreated: (request: CreditRequest) => void;
}) {
  const { t } = useTranslation();
  const initial = () => {
    const wallet = wallets.find((w) => w.id === fixedWalletId);
    return emptyCreditRequestForm(new Date(), wallet ? { id: wallet.id, currency: wallet.currency.code } : undefined);
  };
  const [form, setForm] = useState<CreditRequestForm>(initial);
  const [errors, setErrors] = useState<CreditRequestErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<CreditRequestField, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  // One key per request the user means: sending the same form again after a lost answer (a time-out
  // after the server created it) gives back the first request instead of a second one. Any change
  // to the form makes it another request, with a new key.
  const idempotencyKey = useRef(newIdempotencyKey());
  const dp = decimalsOf(currencies.find((c) => c.code === form.currency) ?? null);

  const onOpen = (next: boolean) => {
    if (next) {
      idempotencyKey.current = newIdempotencyKey();
      setForm(initial());
      setErrors({});
      setServerErrors({});
      setSubmitted(false);
    }
    onOpenChange(next);
  };

  const update = (patch: Partial<CreditRequestForm>) => {
    const next = { ...form, ...patch };
    idempotencyKey.current = newIdempotencyKey();
    setForm(next);
    setServerErrors({});
    if (submitted) setErrors(validateCreditRequest(next, decimalsOf(currencies.find((c) => c.code === next.currency) ?? null)));
  };

  const onWallet = (walletId: string) => {
    const wallet = wallets.find((w) => w.id === walletId);
    update({ walletId, currency: wallet?.currency.code ?? '' });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateCreditRequest(form, dp);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const created = await api.call<'credit.merchantCreateRequest'>('credit.merchantCreateRequest', {
        body: creditRequestBody(form),
        idempotencyKey: idempotencyKey.current,
      });
      notify({ type: 'success', i18nMessage: 'merchantCredit.created', messageParams: { id: created.transactionId ?? created.id } });
      onCreated(created);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError) {
        const byField: Partial<Record<CreditRequestField, string>> = {};
        for (const p of error.invalidParameters) {
          if (p.parameter in form) byField[p.parameter as CreditRequestField] = p.message;
        }
        setServerErrors(byField);
      }
    } finally {
      setSending(false);
    }
  };

  const message = (field: CreditRequestField): string | undefined => {
    const key = errors[field];
    return key ? t(`merchantCredit.errors.${key}`, { dp }) : serverErrors[field];
  };

  return (
    <Dialog open={open} onOpenChange={onOpen}>
      <DialogContent closeLabel={t('merchantCredit.dialog.close')} data-testid="credit-request-dialog" className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('merchantCredit.dialog.title')}</DialogTitle>
          <DialogDescription>{t('merchantCredit.dialog.description')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
          <Field id="credit-wallet" label={t('merchantCredit.fields.wallet')} error={message('walletId')}>
            <select
              id="credit-wallet"
              data-testid="credit-request-wallet"
              className={FIELD_CLASS}
              value={form.walletId}
              disabled={fixedWalletId !== undefined}
              aria-invalid={message('walletId') ? true : undefined}
              onChange={(e) => onWallet(e.target.value)}
            >
              <option value="">{t('merchantCredit.fields.chooseWallet')}</option>
              {wallets.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.alias} ({w.currency.code})
                </option>
              ))}
            </select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
            <Field id="credit-amount" label={t('merchantCredit.fields.amount')} error={message('amount')}>
              <Input
                id="credit-amount"
                data-testid="credit-request-amount"
                inputMode="decimal"
                placeholder="0.00"
                dir="ltr"
                value={form.amount}
                aria-invalid={message('amount') ? true : undefined}
                // Only digits and one dot may be typed (spec 5 amount input).
                onChange={(e) => {
                  const text = e.target.value;
                  if (/^\d*\.?\d*$/.test(text)) update({ amount: text });
                }}
              />
            </Field>
            <Field id="credit-currency" label={t('merchantCredit.fields.currency')} error={message('currency')}>
              <Input id="credit-currency" data-testid="credit-request-currency" value={form.currency} readOnly className="font-mono" />
            </Field>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="credit-valid-from" label={t('merchantCredit.fields.validFrom')} error={message('validFrom')}>
              <Input
                id="credit-valid-from"
                type="date"
                data-testid="credit-request-valid-from"
                value={form.validFrom}
                max={form.validTo || undefined}
                aria-invalid={message('validFrom') ? true : undefined}
                onChange={(e) => update({ validFrom: e.target.value })}
              />
            </Field>
            <Field id="credit-valid-to" label={t('merchantCredit.fields.validTo')} error={message('validTo')}>
              <Input
                id="credit-valid-to"
                type="date"
                data-testid="credit-request-valid-to"
                value={form.validTo}
                min={form.validFrom || undefined}
                aria-invalid={message('validTo') ? true : undefined}
                onChange={(e) => update({ validTo: e.target.value })}
              />
            </Field>
          </div>
          <Field id="credit-remarks" label={t('merchantCredit.fields.remarks')} error={message('remarks')}>
            <textarea
              id="credit-remarks"
              data-testid="credit-request-remarks"
              rows={3}
              className={cn(FIELD_CLASS, 'h-auto min-h-20 py-2')}
              value={form.remarks}
              onChange={(e) => update({ remarks: e.target.value })}
            />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpen(false)}>
              {t('merchantCredit.dialog.cancel')}
            </Button>
            <Button type="submit" data-testid="credit-request-submit" disabled={sending}>
              {sending && <Loader2 className="animate-spin" aria-hidden />}
              {t('merchantCredit.dialog.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
