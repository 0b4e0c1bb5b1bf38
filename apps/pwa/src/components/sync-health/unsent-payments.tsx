import { useTranslation } from 'react-i18next';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import type { QuotedPrice } from '../../lib/outbox/outbox-requote.ts';
import { confirmNewPrice, discard, UNSENT_STATES, type OutboxItem } from '../../lib/outbox/outbox-store.ts';
import { useOutbox } from '../../lib/outbox/use-outbox.ts';
import { useNow } from './use-now.ts';
import { relativeTime } from './relative-time.ts';

/** What a queued payment's body says about itself (the payment form's body; other shapes show what they have). */
interface PaymentBodyView {
  sendAmount?: unknown;
  sendCurrency?: unknown;
  receiveCurrency?: unknown;
  receiver?: { name?: unknown };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One unsent payment: who it pays, how much, its outbox state and how long it has waited. */
function UnsentPaymentRow({ item, now }: { item: OutboxItem; now: number }) {
  const { t, i18n } = useTranslation();
  const body = item.body as PaymentBodyView;
  const send = `${text(body.sendAmount)} ${text(body.sendCurrency)}`.trim();
  const receive = text(body.receiveCurrency);
  return (
    <li data-testid="unsent-payment" data-id={item.id} data-state={item.state} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
      <span className="min-w-0 flex-1 truncate font-medium">{text(body.receiver?.name) || item.id}</span>
      <span className="tabular-nums" dir="ltr">
        {send}
        {receive && receive !== text(body.sendCurrency) ? ` → ${receive}` : ''}
      </span>
      <Badge variant={item.state === 'rejected' ? 'destructive' : 'secondary'} data-testid="unsent-payment-state">
        {t(`syncHealth.state.${item.state}`)}
      </Badge>
      <span className="text-muted-foreground text-xs" data-testid="unsent-payment-age">
        {/* `now` moves every 15 s: a draft made since is not "in 3 seconds". */}
        {relativeTime(Math.min(item.createdAt, now), now, i18n.language)}
      </span>
      {item.state === 'rejected' && item.lastError && <span className="text-destructive w-full text-xs">{item.lastError.message}</span>}
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
 * The payments made on this device that the server does not hold yet, read from the outbox (its
 * source of truth): a draft made offline shows here at once, "waiting to send", with its age, until
 * the server's list has it.
 */
export function UnsentPayments({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const summary = useOutbox(userId);
  const now = useNow(15_000);
  const unsent = summary?.items.filter((item) => UNSENT_STATES.includes(item.state)) ?? [];
  if (unsent.length === 0) return null;
  return (
    <section data-testid="unsent-payments" aria-labelledby="unsent-payments-title" className="rounded-md border">
      <h2 id="unsent-payments-title" className="border-b px-3 py-2 text-sm font-semibold">
        {t('syncHealth.onDevice', { count: unsent.length })}
      </h2>
      <ul className="divide-y">
        {unsent.map((item) => (
          <UnsentPaymentRow key={item.id} item={item} now={now} />
        ))}
      </ul>
    </section>
  );
}
