import { describe, expect, it } from 'vitest';
import type { Quote } from '@corridor/api';
import { chargeOfType, quoteChargeLines, serviceChargeOf } from './quote-charges.ts';

type Charge = Quote['merchantCharges'][number];
const charge = (feeType: Charge['feeType'], amount: string, currency: string, chargeMode: Charge['chargeMode'] = feeType): Charge => ({
  feeType,
  chargeMode,
  amount,
  currency,
  tax: { total: '0', details: [] },
});

// OUR and BEN priced by the correspondent, the TSP's own OUR fee and both incentives by the merchant pricing.
const QUOTE = {
  correspondentCharges: [charge('OUR', '10.00', 'USD'), charge('BEN', '36.73', 'AED')],
  merchantCharges: [charge('OUR', '6.00', 'USD'), charge('REBATE', '3.00', 'USD', null), charge('FX_PREMIUM', '0.50', 'USD', null)],
};

describe('quoteChargeLines', () => {
  it('reads the correspondent OUR/BEN lines and the merchant fee and incentives, each once', () => {
    expect(quoteChargeLines(QUOTE)).toEqual([
      { feeType: 'OUR', amount: '10.00', currency: 'USD', party: 'CORRESPONDENT' },
      { feeType: 'BEN', amount: '36.73', currency: 'AED', party: 'CORRESPONDENT' },
      { feeType: 'OUR', amount: '6.00', currency: 'USD', party: 'MERCHANT' },
      { feeType: 'REBATE', amount: '3.00', currency: 'USD', party: 'MERCHANT' },
      { feeType: 'FX_PREMIUM', amount: '0.50', currency: 'USD', party: 'MERCHANT' },
    ]);
  });

  it('has no lines for a quote without charges', () => {
    expect(quoteChargeLines({ correspondentCharges: [], merchantCharges: [] })).toEqual([]);
  });
});

describe('chargeOfType', () => {
  const lines = quoteChargeLines(QUOTE);

  it("shows the correspondent's fee of a payer before the merchant's, and the incentives from the merchant's list", () => {
    expect(chargeOfType(lines, 'OUR')).toMatchObject({ amount: '10.00', party: 'CORRESPONDENT' });
    expect(chargeOfType(lines, 'BEN')).toMatchObject({ amount: '36.73', currency: 'AED', party: 'CORRESPONDENT' });
    expect(chargeOfType(lines, 'REBATE')).toMatchObject({ amount: '3.00', party: 'MERCHANT' });
    expect(chargeOfType(lines, 'FX_PREMIUM')).toMatchObject({ amount: '0.50', party: 'MERCHANT' });
    expect(chargeOfType(lines, 'SHA')).toBeUndefined();
  });

  it("falls back to the merchant's fee of a payer the correspondent does not charge", () => {
    const merchantOnly = quoteChargeLines({ correspondentCharges: [], merchantCharges: [charge('OUR', '6.00', 'USD')] });
    expect(chargeOfType(merchantOnly, 'OUR')).toMatchObject({ amount: '6.00', party: 'MERCHANT' });
  });
});

describe('serviceChargeOf', () => {
  it("is the merchant's OUR fee when the correspondent's OUR already fills that row", () => {
    expect(serviceChargeOf(quoteChargeLines(QUOTE))).toMatchObject({ feeType: 'OUR', amount: '6.00', party: 'MERCHANT' });
  });

  it('is none when the merchant fee is the only fee of its payer', () => {
    const lines = quoteChargeLines({ correspondentCharges: [charge('BEN', '36.73', 'AED')], merchantCharges: [charge('OUR', '6.00', 'USD')] });
    expect(serviceChargeOf(lines)).toBeUndefined();
  });
});
