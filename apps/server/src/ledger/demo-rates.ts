import { Dec, type DecimalValue } from '@corridor/domain';

/** The ledger's local currency: every voucher balances in it. */
export const LOCAL_CURRENCY = 'USD';

/**
 * Book rates to the local currency used to value postings. Demo values: the reference server has no
 * rate feed of its own, and a fixed table keeps vouchers reproducible.
 */
const RATES_TO_LOCAL: Record<string, string> = {
  USD: '1',
  EUR: '1.08',
  GBP: '1.27',
  AED: '0.2723',
  INR: '0.012',
  JPY: '0.0067',
  PKR: '0.0036',
  SGD: '0.74',
  KWD: '3.25',
  CHF: '1.12',
  CAD: '0.73',
  HKD: '0.128',
  CNY: '0.138',
  SAR: '0.2667',
  EGP: '0.0206',
  PHP: '0.0175',
  BDT: '0.0083',
  KES: '0.0077',
  NGN: '0.00065',
  ZAR: '0.054',
  MYR: '0.21',
};

/** The book rate of a currency; an unknown currency values at 1 rather than refusing to post. */
export function bookRate(currency: string): DecimalValue {
  return new Dec(RATES_TO_LOCAL[currency] ?? '1');
}
