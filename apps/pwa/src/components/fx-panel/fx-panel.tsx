import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloudOff, Pencil, RotateCcw, Save, X } from 'lucide-react';
import type { Quote } from '@corridor/api';
import {
  EDITABLE_FEE_KEYS,
  QUOTE_LONG_DATED_MS,
  canEditFees,
  feeEditPayload,
  formatAmount,
  formatInverseRate,
  formatRate,
  rebateLabel,
  updatedAgo,
  type EditableFeeKey,
} from '@corridor/domain';
import type { QuoteFees, QuoteRole, QuoteState } from '@corridor/state-machines';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { chargeOfType, quoteChargeLines, serviceChargeOf } from '@/components/payment-details/quote-charges.ts';
import { useNow } from '@/lib/use-now.ts';
import { rateMove, type IndicativePrice } from './indicative-price.ts';
import type { QuoteWait } from './quote-steps.ts';
import { relativeTimeFormat } from '@/lib/intl-format.ts';

/** The quote machine's states, as the panel shows them. */
type QuotePanelStatus = QuoteState;

export interface QuotePanelView {
  status: QuotePanelStatus;
  quote: Quote | null;
  /** Time left by server time. */
  remainingMs: number;
  error: { code: string; message: string } | null;
}

export interface FxPanelProps {
  role: QuoteRole;
  view: QuotePanelView;
  onNegotiate: () => void;
  onEditFees: () => void;
  onSaveFees: (fees: QuoteFees) => void;
  onCancelEdit: () => void;
  onRetry: () => void;
  /** Offline: the price shown comes from cached rates and is never a firm quote. */
  offline?: boolean;
  /** The last indicative price: shown while offline; once online, the firm quote says how far it moved. */
  indicative?: IndicativePrice | null;
  /** Decimal places of a currency (spec 3: 8 when unknown). */
  dpOf?: (currency: string) => number;
  /** What the form still lacks before a quote is asked for: said while there is no quote. */
  waitingFor?: QuoteWait | null;
}

const DEFAULT_DP = (): number => 2;

/**
 * hh:mm:ss, two digits each (spec 9 "Countdown numbers 2 digits"); hours past 99 keep their digits.
 * @internal used by its tests
 */
export function countdownText(remainingMs: number): string {
  const seconds = Math.floor(Math.max(0, remainingMs) / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(seconds / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

/** The age of the cached rates in the language's own relative-time words. */
function useRatesAge(updatedAt: Date | undefined): string | null {
  const { i18n } = useTranslation();
  const now = useNow(updatedAt ? 15_000 : null, updatedAt);
  if (!updatedAt) return null;
  const { key, count } = updatedAgo(updatedAt, new Date(now));
  const unit = ({ seconds: 'second', minutes: 'minute', hours: 'hour', days: 'day' } as const)[key];
  return relativeTimeFormat(i18n.language).format(-count, unit);
}

function Line({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1 text-sm" data-testid={testId}>
      <span className="text-muted-foreground">{label}</span>
      <span dir="ltr" className="font-medium tabular-nums">
        {value}
      </span>
    </div>
  );
}

function RateLines({ source, target, rate }: { source: string; target: string; rate: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Line label={t('fxPanel.exchangeRate')} value={`1 ${source} = ${formatRate(rate)} ${target}`} testId="fx-exchange-rate" />
      <Line label={t('fxPanel.reverseRate')} value={`1 ${target} = ${formatInverseRate(rate)} ${source}`} testId="fx-reverse-rate" />
    </>
  );
}

/**
 * The foreign-exchange rates panel (spec 1, sections 2, 4 and 6) of both portals: the quote's
 * amounts, fees and incentives, exchange and reverse rates, the countdown or expired tag, the
 * negotiate button, and the TSP's fee editing. Offline it shows an indicative price from cached
 * rates, labelled as such with the rates' age, and nothing that could be taken for a firm quote.
 */
export function FxPanel(props: FxPanelProps) {
  const { t } = useTranslation();
  const { role, view, offline = false, indicative = null } = props;
  const dpOf = props.dpOf ?? DEFAULT_DP;

  if (offline) return <IndicativePanel indicative={indicative} dpOf={dpOf} />;

  const { quote, status } = view;
  const money = (m: { amount: string; currency: string } | undefined) => (m ? `${formatAmount(m.amount, dpOf(m.currency))} ${m.currency}` : '-');
  const move = quote && indicative ? rateMove(indicative.rate, quote.exchangeRate) : null;

  return (
    <section className="rounded-xl border bg-card p-4 shadow-xs" aria-labelledby="fx-panel-title" data-testid="fx-panel">
      {/* The countdown or expired tag stays in sight below the 56 px top bar while the form scrolls. */}
      <header
        className="sticky top-14 z-10 -mx-4 -mt-4 mb-2 flex flex-wrap items-center justify-between gap-2 rounded-t-xl bg-card px-4 pt-4 pb-2"
        data-testid="fx-panel-header"
      >
        <h3 id="fx-panel-title" className="font-semibold">
          {t('fxPanel.title')}
        </h3>
        <QuoteTag view={view} />
      </header>

      {status === 'idle' && (
        <p className="text-sm text-muted-foreground" data-testid="fx-waiting" data-waiting-for={props.waitingFor ?? undefined}>
          {props.waitingFor ? t(`fxPanel.waitingFor.${props.waitingFor}`) : t('fxPanel.noQuote')}
        </p>
      )}
      {(status === 'requesting' || status === 'negotiating') && (
        <p className="text-sm text-muted-foreground" role="status">
          {t(status === 'requesting' ? 'fxPanel.requesting' : 'fxPanel.negotiating')}
        </p>
      )}
      {status === 'failed' && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm text-destructive" data-testid="fx-failed">
          <span>{view.error?.message ?? t('fxPanel.failed')}</span>
          <Button size="sm" variant="outline" onClick={props.onRetry}>
            <RotateCcw aria-hidden />
            {t('fxPanel.retry')}
          </Button>
        </div>
      )}

      {quote && (
        <>
          <Line label={t('fxPanel.sendAmount')} value={money(quote.sendAmount)} testId="fx-send-amount" />
          <Line label={t('fxPanel.receiveAmount')} value={money(quote.receiveAmount)} testId="fx-receive-amount" />
          <RateLines source={quote.sendAmount.currency} target={quote.receiveAmount.currency} rate={quote.exchangeRate} />
          {move !== null && (
            <p className="py-1 text-xs text-amber-700 dark:text-amber-400" data-testid="fx-price-moved">
              {t('fxPanel.priceMoved', { move, indicative: formatRate(indicative?.rate ?? '') })}
            </p>
          )}
          <FeeSections {...props} quote={quote} money={money} />
          {status === 'feeEditing' && (
            <p className="py-1 text-xs text-muted-foreground" data-testid="fx-edit-invalid">
              {t('fxPanel.editInvalidates')}
            </p>
          )}
          <NegotiateButton role={role} view={view} onNegotiate={props.onNegotiate} />
        </>
      )}
    </section>
  );
}

/** Countdown tag while the quote is good, expired tag once it is not (spec 4). */
function QuoteTag({ view }: { view: QuotePanelView }) {
  const { t } = useTranslation();
  if (!view.quote) return null;
  if (view.status === 'expired' || view.remainingMs <= 0) {
    return (
      <Badge variant="destructive" data-testid="fx-quote-expired">
        {t('transaction.status.quoteExpired')}
      </Badge>
    );
  }
  if (view.status !== 'active') return null;
  return (
    <Badge variant="secondary" data-testid="fx-quote-countdown" role="timer" aria-live="off">
      {t('transaction.status.quoteExpire', { time: countdownText(view.remainingMs) })}
    </Badge>
  );
}

/**
 * Spec 4: hidden when expiry is more than a day away; shown but disabled until the quote has
 * expired. The merchant asks for a new quote, the TSP negotiates.
 */
function NegotiateButton({ role, view, onNegotiate }: { role: QuoteRole; view: QuotePanelView; onNegotiate: () => void }) {
  const { t } = useTranslation();
  if (view.remainingMs > QUOTE_LONG_DATED_MS) return null;
  if (view.status !== 'active' && view.status !== 'expired') return null;
  return (
    <div className="mt-3 flex justify-end">
      <Button size="sm" disabled={view.status !== 'expired'} onClick={onNegotiate} data-testid="fx-negotiate">
        {t(role === 'MERCHANT' ? 'fxPanel.negotiateMerchant' : 'fxPanel.negotiate')}
      </Button>
    </div>
  );
}

interface FeeSectionsProps extends FxPanelProps {
  quote: Quote;
  money: (m: { amount: string; currency: string } | undefined) => string;
}

const FEE_ROWS = ['OUR', 'SHA', 'BEN'] as const;
const INCENTIVE_ROWS = ['REBATE', 'FX_PREMIUM'] as const;

/** Fees (Our, Shared when present, Ben) and Incentives (Rebate, FX Premium); the TSP edits them. */
function FeeSections({ role, view, quote, money, onEditFees, onSaveFees, onCancelEdit }: FeeSectionsProps) {
  const { t } = useTranslation();
  const editing = view.status === 'feeEditing';
  const [values, setValues] = useState<Partial<Record<EditableFeeKey, string>>>({});
  const charges = useMemo(() => quoteChargeLines(quote), [quote]);

  // Each edit starts from the quote's own fee amounts.
  useEffect(() => {
    if (!editing) return;
    const start: Partial<Record<EditableFeeKey, string>> = {};
    for (const key of EDITABLE_FEE_KEYS) start[key] = chargeOfType(charges, key)?.amount ?? '';
    setValues(start);
  }, [editing, charges]);

  const paymentRole = role === 'MERCHANT' ? 'MSP' : 'TSP';
  const canEdit = canEditFees(paymentRole) && (view.status === 'active' || view.status === 'expired' || editing);
  const label = (feeType: string): string => {
    if (feeType === 'REBATE') {
      return rebateLabel(paymentRole) === 'Rebate Receivables' ? t('fxPanel.rebateReceivables') : t('fxPanel.rebatePayables');
    }
    if (feeType === 'FX_PREMIUM') return t('fxPanel.fxPremium');
    if (feeType === 'OUR') return t('fxPanel.feeOur');
    if (feeType === 'BEN') return t('fxPanel.feeBen');
    return t('fxPanel.feeSha');
  };
  const save = () => onSaveFees(feeEditPayload(values));
  const service = serviceChargeOf(charges);

  const row = (feeType: (typeof FEE_ROWS)[number] | (typeof INCENTIVE_ROWS)[number]) => {
    const charge = chargeOfType(charges, feeType);
    // SHA is neither sent nor edited (spec 4 keys OUR, BEN, REBATE, FX_PREMIUM): shown only when charged.
    if (feeType === 'SHA' && !charge) return null;
    const editable = feeType !== 'SHA' && canEdit;
    return (
      <div key={feeType} className="flex items-center justify-between gap-3 py-1 text-sm" data-testid={`fx-fee-${feeType}`}>
        <span className="text-muted-foreground">{label(feeType)}</span>
        <span className="flex items-center gap-1">
          {editing && editable ? (
            <Input
              aria-label={label(feeType)}
              inputMode="decimal"
              className="h-8 w-32 text-end"
              dir="ltr"
              value={values[feeType] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [feeType]: e.target.value.replace(/[^\d.]/g, '') }))}
            />
          ) : (
            <span dir="ltr" className="font-medium tabular-nums">
              {money(charge ? { amount: charge.amount, currency: charge.currency } : undefined)}
            </span>
          )}
          {editable &&
            (editing ? (
              <Button size="icon" variant="ghost" className="size-8" onClick={save} aria-label={t('fxPanel.saveFees')}>
                <Save aria-hidden />
              </Button>
            ) : (
              <Button size="icon" variant="ghost" className="size-8" onClick={onEditFees} aria-label={t('fxPanel.editFees')}>
                <Pencil aria-hidden />
              </Button>
            ))}
        </span>
      </div>
    );
  };

  return (
    <>
      <h4 className="mt-3 text-xs font-semibold uppercase text-muted-foreground">{t('fxPanel.fees')}</h4>
      {FEE_ROWS.map(row)}
      {service && (
        <div className="flex items-center justify-between gap-3 py-1 text-sm" data-testid="fx-fee-SERVICE">
          <span className="text-muted-foreground">{t('fxPanel.feeService')}</span>
          <span dir="ltr" className="font-medium tabular-nums">
            {money({ amount: service.amount, currency: service.currency })}
          </span>
        </div>
      )}
      <h4 className="mt-3 text-xs font-semibold uppercase text-muted-foreground">{t('fxPanel.incentives')}</h4>
      {INCENTIVE_ROWS.map(row)}
      {editing && (
        <div className="mt-2 flex justify-end">
          <Button size="sm" variant="ghost" onClick={onCancelEdit}>
            <X aria-hidden />
            {t('fxPanel.cancelEdit')}
          </Button>
        </div>
      )}
    </>
  );
}

/** Offline: an indicative price from cached rates, never a quote (no countdown, fees or negotiation). */
function IndicativePanel({ indicative, dpOf }: { indicative: IndicativePrice | null; dpOf: (currency: string) => number }) {
  const { t } = useTranslation();
  const age = useRatesAge(indicative?.ratesUpdatedAt);
  return (
    <section className="rounded-xl border border-dashed bg-card p-4 shadow-xs" aria-labelledby="fx-panel-title" data-testid="fx-panel">
      <header className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id="fx-panel-title" className="font-semibold">
          {t('fxPanel.title')}
        </h3>
        <Badge variant="warning" data-testid="fx-indicative-tag">
          <CloudOff aria-hidden />
          {t('fxPanel.indicative')}
        </Badge>
      </header>
      {indicative ? (
        <>
          <Line
            label={t('fxPanel.sendAmount')}
            value={`${formatAmount(indicative.sendAmount.amount, dpOf(indicative.sendAmount.currency))} ${indicative.sendAmount.currency}`}
            testId="fx-send-amount"
          />
          <Line
            label={t('fxPanel.receiveAmountIndicative')}
            value={`≈ ${formatAmount(indicative.receiveAmount.amount, dpOf(indicative.receiveAmount.currency))} ${indicative.receiveAmount.currency}`}
            testId="fx-receive-amount"
          />
          <RateLines source={indicative.sendAmount.currency} target={indicative.receiveAmount.currency} rate={indicative.rate} />
          <p className="mt-2 text-xs text-amber-700 dark:text-amber-400" data-testid="fx-indicative-note">
            {t('fxPanel.indicativeNote', { ago: age ?? '' })}
          </p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="fx-indicative-none">
          {t('fxPanel.noCachedRates')}
        </p>
      )}
    </section>
  );
}
