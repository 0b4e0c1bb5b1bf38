import { useRef } from 'react';
import type { QuoteRole } from '@corridor/state-machines';
import { FxPanel } from '@/components/fx-panel/fx-panel.tsx';
import type { QuoteWait } from '@/components/fx-panel/quote-steps.ts';
import type { useQuote } from '@/components/fx-panel/use-quote.ts';
import { draftIndicative } from './payment-indicative.ts';
import { useCachedRates } from './use-payment-data.ts';

/**
 * The FX panel of a cross-currency payment: the firm quote online (countdown on server time,
 * negotiate, the TSP's fee edit); offline, an indicative price from the cached rates, never a quote.
 */
export function PaymentFx(props: {
  role: QuoteRole;
  quote: ReturnType<typeof useQuote>;
  online: boolean;
  send: { amount: string; currency: string };
  target: string;
  dpOf: (currency: string) => number;
  /** What the form lacks before its quote is asked for. */
  waitingFor: QuoteWait | null;
}) {
  const { role, quote, online, send, target, dpOf, waitingFor } = props;
  const rates = useCachedRates(role);
  const indicative = draftIndicative(rates.data, send, target, dpOf(target), rates.updatedAt);
  // The price shown offline, for this amount and pair: back online, the firm quote says how far the
  // rate moved from it. A price never shown (online all along) is not compared with.
  const pricing = `${send.amount}|${send.currency}|${target}`;
  const shownOffline = useRef<{ pricing: string; indicative: typeof indicative } | null>(null);
  if (!online) shownOffline.current = { pricing, indicative };
  const compared = shownOffline.current?.pricing === pricing ? shownOffline.current.indicative : null;
  return (
    <FxPanel
      role={role}
      view={quote.view}
      offline={!online}
      indicative={online ? compared : indicative}
      dpOf={dpOf}
      waitingFor={waitingFor}
      onNegotiate={quote.onNegotiate}
      onEditFees={quote.onEditFees}
      onSaveFees={quote.onSaveFees}
      onCancelEdit={quote.onCancelEdit}
      onRetry={quote.onRetry}
    />
  );
}
