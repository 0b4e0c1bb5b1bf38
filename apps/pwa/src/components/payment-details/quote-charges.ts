import type { Quote } from '@corridor/api';
import type { PaymentFeeLine } from './payment-view.ts';

/** Who a quote charge goes to: the correspondent bank, or the TSP's merchant pricing (fees and incentives). */
type ChargeParty = 'CORRESPONDENT' | 'MERCHANT';

/** One charge of a quote with the party that prices it. */
export interface QuoteChargeLine extends PaymentFeeLine {
  party: ChargeParty;
}

/** The two charge lists of a quote answer. */
type QuoteCharges = Pick<Quote, 'merchantCharges' | 'correspondentCharges'>;

/**
 * Every charge line of a quote, each once. The OUR and BEN fees the sender or the beneficiary bears are the
 * correspondent's and come under `correspondentCharges`; `merchantCharges` holds the TSP's own OUR/BEN fee to its
 * merchant and the incentives (REBATE, FX_PREMIUM). Reading only one list loses charges, so both screens that show
 * a quote's charges (the FX panel and the payment details) read them here. Correspondent lines come first.
 */
export function quoteChargeLines(quote: QuoteCharges): QuoteChargeLine[] {
  const line = (party: ChargeParty) => (c: QuoteCharges['merchantCharges'][number]) => ({ feeType: c.feeType, amount: c.amount, currency: c.currency, party });
  return [...quote.correspondentCharges.map(line('CORRESPONDENT')), ...quote.merchantCharges.map(line('MERCHANT'))];
}

/** The charge a fee row of this type shows: the correspondent's when the quote has one, else the merchant's. */
export function chargeOfType(lines: readonly QuoteChargeLine[], feeType: PaymentFeeLine['feeType']): QuoteChargeLine | undefined {
  return lines.find((c) => c.feeType === feeType && c.party === 'CORRESPONDENT') ?? lines.find((c) => c.feeType === feeType);
}

/** The TSP's own OUR/BEN fee to its merchant when that payer's row already shows the correspondent's: it gets its own row. */
export function serviceChargeOf(lines: readonly QuoteChargeLine[]): QuoteChargeLine | undefined {
  return lines.find(
    (c) => c.party === 'MERCHANT' && (c.feeType === 'OUR' || c.feeType === 'BEN') && lines.some((k) => k.party === 'CORRESPONDENT' && k.feeType === c.feeType),
  );
}
