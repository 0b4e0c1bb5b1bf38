import type { z } from 'zod';
import type { payment } from '@corridor/api';
import { Dec } from '@corridor/domain';

/** A payment as the contract gives it (lists leave `timeline` out). */
export type PaymentView = z.output<typeof payment>;

/** One charge of the payment's quote, as the details panel lists it. */
export interface PaymentFeeLine {
  feeType: 'OUR' | 'SHA' | 'BEN' | 'REBATE' | 'FX_PREMIUM';
  amount: string;
  currency: string;
}

/**
 * What the beneficiary receives: the target amount less the BEN charges taken from it (those in the
 * target currency). Without the quote's charges it is the target amount.
 */
export function receiveAmountOf(p: PaymentView, fees: readonly PaymentFeeLine[] | null): string {
  const target = p.instrumentsDetails;
  const ben = (fees ?? []).filter((f) => f.feeType === 'BEN' && f.currency === target.receiveAmountCcyCode);
  return ben.reduce((sum, f) => sum.minus(f.amount), new Dec(target.receiveAmount)).toFixed();
}
