import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import type { QuotedPrice } from '../../lib/outbox/outbox-requote.ts';
import { confirmNewPrice, discard, UNSENT_STATES, type OutboxItem, type OutboxKind } from '../../lib/outbox/outbox-store.ts';
import { useOutbox } from '../../lib/outbox/use-outbox.ts';
import { useNow } from '@/lib/use-now.ts';
import { relativeTime } from './relative-time.ts';

/** What a queued payment's body says about itself (the payment form's body; other shapes show what they have). */
interface PaymentBodyView {
  sendAmount?: unknown;
  sendCurrency?: unknown;
  receiveCurrency?: unknown;
  receiver?: { name?: unknown };
}

/** What a queued top-up's body says about itself (the top-up form's body). */
interface TopUpBodyView {
  targetAmount?: { amount?: unknown; currency?: unknown };
  referenceNumber?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The row's name and amount: who a payment pays and how much; a top-up's reference and amount. */
function summaryOf(item: OutboxItem): { name: string; amount: string } {
  if (item.kind === 'topup') {
    const body = item.body as TopUpBodyView;
    return { name: text(body.referenceNumber) || item.id, amount: `${text(body.targetAmount?.amount)} ${text(body.targetAmount?.currency)}`.trim() };
  }
  const body = item.body as PaymentBodyView;
  const send = `${text(body.sendAmount)} ${text(body.sendCurrency)}`.trim();
  const receive = text(body.receiveCurrency);
  return { name: text(body.receiver?.name) || item.id, amount: `${send}${receive && receive !== text(body.sendCurrency) ? ` → ${receive}` : ''}` };
}

/**
 * The lists of unsent items a screen shows above its table: which outbox kinds each holds, its title
 * and its discard question, and the test ids the browser tests find it by.
 */
const LISTS = {
  payments: {
    kinds: ['payment', 'draft'],
    title: 'syncHealth.onDevice',
    discardConfirm: 'syncHealth.discardConfirm',
    testId: 'unsent-payments',
    rowTestId: 'unsent-payment',
  },
  topUps: {
    kinds: ['topup'],
    title: 'syncHealth.topUpsOnDevice',
    discardConfirm: 'syncHealth.discardConfirmTopUp',
    testId: 'unsent-top-ups',
    rowTestId: 'unsent-top-up',
  },
} satisfies Record<string, { kinds: OutboxKind[]; title: string; discardConfirm: string; testId: string; rowTestId: string }>;

type UnsentList = (typeof LISTS)[keyof typeof LISTS];

/**
 * A queued or refused item can be dropped by the user, after a confirmation (nothing else removes it);
 * one whose request is out cannot (its answer may already be a payment or a top-up).
 */
function DiscardItem({ item, list }: { item: OutboxItem; list: UnsentList }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <Button size="sm" variant="ghost" data-testid={`${list.rowTestId}-discard`} onClick={() => setConfirming(true)}>
        {t('syncHealth.discard')}
      </Button>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="text-xs">{t(list.discardConfirm)}</span>
      <Button size="sm" variant="destructive" data-testid={`${list.rowTestId}-discard-confirm`} onClick={() => void discard(item.userId, item.id)}>
        {t('syncHealth.discard')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
        {t('syncHealth.keep')}
      </Button>
    </span>
  );
}

/** One unsent item: what it is, how much, its outbox state and how long it has waited. */
function UnsentRow({ item, now, list }: { item: OutboxItem; now: number; list: UnsentList }) {
  const { t, i18n } = useTranslation();
  const { name, amount } = summaryOf(item);
  return (
    <li
      data-testid={list.rowTestId}
      data-id={item.id}
      data-state={item.state}
      data-kind={item.kind}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm"
    >
      <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
      <span className="tabular-nums" dir="ltr">
        {amount}
      </span>
      <Badge variant={item.state === 'rejected' ? 'destructive' : 'secondary'} data-testid={`${list.rowTestId}-state`}>
        {t(`syncHealth.state.${item.state}`)}
      </Badge>
      <span className="text-muted-foreground text-xs" data-testid={`${list.rowTestId}-age`}>
        {/* `now` moves every 15 s: a draft made since is not "in 3 seconds". */}
        {relativeTime(Math.min(item.createdAt, now), now, i18n.language)}
      </span>
      {(item.state === 'rejected' || item.state === 'queued') && <DiscardItem item={item} list={list} />}
      {item.state === 'rejected' && item.lastError && (
        <span className="text-destructive flex w-full flex-col text-xs" data-testid={`${list.rowTestId}-error`}>
          <span>{item.lastError.message}</span>
          {item.lastError.invalidParameters.map((p) => (
            <span key={p.parameter}>
              {p.parameter}: {p.message}
            </span>
          ))}
        </span>
      )}
      {item.state === 'held' && item.requote && <NewPrice item={item} previous={item.requote.previous} next={item.requote.next} />}
    </li>
  );
}

function PriceLines({ price, testId, label }: { price: QuotedPrice | null; testId: string; label: string }) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId} className="flex flex-col gap-0.5 rounded-md border p-2">
      <span className="text-muted-foreground text-xs font-medium">{label}</span>
      {price ? (
        <>
          <span className="tabular-nums" dir="ltr">
            {price.sendAmount.amount} {price.sendAmount.currency} → {price.receiveAmount.amount} {price.receiveAmount.currency}
          </span>
          <span className="text-xs" dir="ltr">
            {t('syncHealth.rate')} {price.exchangeRate}
          </span>
          {price.charges.map((c, i) => (
            <span key={i} className="text-xs" dir="ltr">
              {c.feeType} {c.amount} {c.currency}
            </span>
          ))}
        </>
      ) : (
        <span className="text-xs">{t('syncHealth.priceUnknown')}</span>
      )}
    </div>
  );
}

/**
 * A draft whose quote expired while it waited and whose new price differs: the old and the new price
 * side by side; it is sent only when the user takes the new price.
 */
function NewPrice({ item, previous, next }: { item: OutboxItem; previous: QuotedPrice | null; next: QuotedPrice }) {
  const { t } = useTranslation();
  return (
    <div className="flex w-full flex-col gap-2" data-testid="unsent-payment-requote">
      <p className="text-xs">{t('syncHealth.newPrice')}</p>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <PriceLines price={previous} testId="requote-previous" label={t('syncHealth.previousPrice')} />
        <PriceLines price={next} testId="requote-next" label={t('syncHealth.nextPrice')} />
      </div>
      <span className="flex flex-wrap gap-2">
        <Button size="sm" data-testid="requote-confirm" onClick={() => void confirmNewPrice(item.userId, item.id)}>
          {t('syncHealth.takeNewPrice')}
        </Button>
        <Button size="sm" variant="outline" data-testid="requote-discard" onClick={() => void discard(item.userId, item.id)}>
          {t('syncHealth.discard')}
        </Button>
      </span>
    </div>
  );
}

/**
 * What this device made that the server does not hold yet, read from the outbox (its source of
 * truth), one list per screen: `payments` (payments and drafts) on the payments screen, `topUps` on
 * the top-ups list. An item made offline shows here at once, "waiting to send", with its age, until
 * the server's list has it; a refused one with the server's reasons.
 */
export function UnsentItems({ userId, list: which }: { userId: string; list: keyof typeof LISTS }) {
  const { t } = useTranslation();
  const list: UnsentList = LISTS[which];
  const summary = useOutbox(userId);
  const now = useNow(15_000);
  const kinds: readonly OutboxKind[] = list.kinds;
  const unsent = summary?.items.filter((item) => UNSENT_STATES.includes(item.state) && kinds.includes(item.kind)) ?? [];
  if (unsent.length === 0) return null;
  return (
    <section data-testid={list.testId} aria-labelledby={`${list.testId}-title`} className="rounded-md border">
      <h2 id={`${list.testId}-title`} className="border-b px-3 py-2 text-sm font-semibold">
        {t(list.title, { count: unsent.length })}
      </h2>
      <ul className="divide-y">
        {unsent.map((item) => (
          <UnsentRow key={item.id} item={item} now={now} list={list} />
        ))}
      </ul>
    </section>
  );
}
