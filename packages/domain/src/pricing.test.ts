import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from './money.ts';
import { DEFAULT_QUOTE_TTL_MS, priceQuote } from './pricing.ts';
import type { PriceQuoteInput } from './pricing.ts';
import { receiptTotals } from './receipt.ts';

const now = new Date('2026-11-22T00:00:00.000Z');
const base: PriceQuoteInput = {
  source: { code: 'USD', dp: 2 },
  target: { code: 'EUR', dp: 2 },
  ibrRate: '0.9',
  amount: { side: 'send', value: '1000' },
  now,
  ttlMs: 60_000,
};

describe('priceQuote — ARCHITECTURE 9: "rate = interbank (IBR) rate ... adjusted by the layer 1 markup, the layer 2 markup and the volatile layer"', () => {
  it('applies the layers in order on the IBR rate', () => {
    const q = priceQuote({
      ...base,
      layer1Markup: { type: 'PIP', value: '10' },
      layer2Markup: { type: 'PERCENTAGE', value: '1' },
      volatileMarkup: { type: 'FLAT', value: '-0.001' },
    });
    expect(q.rates).toEqual({ ibr: '0.90000000', layer1: '0.90100000', layer2: '0.91001000', final: '0.90901000' });
    expect(q.exchangeRate).toBe('0.90901000');
    expect(q.inverseExchangeRate).toBe(new Dec(1).div('0.90901').toFixed(8));
  });
  it('applies agent markups last, each on the previous rate: 0.9 + 10 pips = 0.901, + 10 bips (0.000901) = 0.901901, + 0.0001 = 0.902001', () => {
    const q = priceQuote({
      ...base,
      layer1Markup: { type: 'PIP', value: '10' },
      agentMarkups: [
        { type: 'BIP', value: '10' },
        { type: 'FLAT', value: '0.0001' },
      ],
    });
    expect(q.rates).toEqual({ ibr: '0.90000000', layer1: '0.90100000', layer2: '0.90100000', final: '0.90200100' });
    // 1000 x 0.902001 = 902.001 -> 902.00
    expect(q.receiveAmount.amount).toBe('902.00');
  });
  it('uses 0.01 pips on JPY pairs and 0 decimals for JPY amounts', () => {
    const q = priceQuote({
      ...base,
      target: { code: 'JPY', dp: 0 },
      ibrRate: '150',
      layer1Markup: { type: 'PIP', value: '25' },
      amount: { side: 'send', value: '1000.005' },
    });
    expect(q.exchangeRate).toBe('150.25000000');
    expect(q.sendAmount).toEqual({ amount: '1000.01', currency: 'USD' });
    expect(q.receiveAmount).toEqual({ amount: '150252', currency: 'JPY' });
  });
  it('computes the send amount from a receive amount', () => {
    const q = priceQuote({ ...base, ibrRate: '3', amount: { side: 'receive', value: '100' } });
    expect(q.receiveAmount).toEqual({ amount: '100.00', currency: 'EUR' });
    expect(q.sendAmount).toEqual({ amount: '33.33', currency: 'USD' });
  });
  it('sets expireAt from the ttl, or the deal type default, and marks the quote fresh', () => {
    expect(priceQuote(base).expireAt).toBe('2026-11-22T00:01:00.000Z');
    expect(priceQuote(base).quote).toEqual({ generatedAt: '2026-11-22T00:00:00.000Z', expired: false });
    const fwd = priceQuote({ ...base, ttlMs: undefined, dealType: 'FWD' });
    expect(fwd.expireAt).toBe(new Date(now.getTime() + DEFAULT_QUOTE_TTL_MS.FWD).toISOString());
    expect(priceQuote({ ...base, ttlMs: undefined }).expireAt).toBe('2026-11-22T00:01:00.000Z');
  });
  it('refuses a non-positive amount or rate', () => {
    expect(() => priceQuote({ ...base, amount: { side: 'send', value: '0' } })).toThrow('positive');
    expect(() => priceQuote({ ...base, ibrRate: '0.0001', layer1Markup: { type: 'FLAT', value: '-1' } })).toThrow('positive');
    expect(() => priceQuote({ ...base, ibrRate: 'x' })).toThrow();
  });
});

describe('priceQuote charges — ARCHITECTURE 9 fee slabs with charge modes OUR/SHA/BEN, tax, rebate and FX premium', () => {
  const taxes = [{ name: 'VAT', percentage: '5' }];
  it('OUR: the sender pays the correspondent fee and its tax in the source currency', () => {
    const q = priceQuote({ ...base, taxes, correspondentFee: { chargeMode: 'OUR', slabs: [{ from: '0', flat: '15' }] } });
    expect(q.correspondentCharges).toEqual([
      {
        feeType: 'OUR',
        chargeMode: 'OUR',
        amount: '15.00',
        currency: 'USD',
        tax: { total: '0.75', details: [{ name: 'VAT', percentage: '5', amount: '0.75' }] },
      },
    ]);
    expect(q.totalDebit).toEqual({ amount: '1015.75', currency: 'USD' });
    expect(q.netCredit).toEqual({ amount: '900.00', currency: 'EUR' });
  });
  it('BEN: the fee is converted at the rate and taken off what the beneficiary receives', () => {
    const q = priceQuote({ ...base, taxes, correspondentFee: { chargeMode: 'BEN', slabs: [{ from: '0', percentage: '1' }] } });
    expect(q.correspondentCharges[0]).toMatchObject({ chargeMode: 'BEN', amount: '9.00', currency: 'EUR' });
    expect(q.correspondentCharges[0]?.tax.total).toBe('0.45');
    expect(q.netCredit).toEqual({ amount: '890.55', currency: 'EUR' });
    expect(q.totalDebit).toEqual({ amount: '1000.00', currency: 'USD' });
  });
  it("SHA: the merchant fee is the sender's, the correspondent fee the beneficiary's", () => {
    const q = priceQuote({
      ...base,
      merchantFee: { chargeMode: 'SHA', slabs: [{ from: '0', flat: '4' }] },
      correspondentFee: { chargeMode: 'SHA', slabs: [{ from: '0', flat: '10' }] },
    });
    expect(q.merchantCharges[0]).toMatchObject({ feeType: 'OUR', chargeMode: 'OUR', amount: '4.00', currency: 'USD' });
    expect(q.correspondentCharges[0]).toMatchObject({ chargeMode: 'BEN', amount: '9.00', currency: 'EUR' });
    expect(q.totalDebit.amount).toBe('1004.00');
    expect(q.netCredit.amount).toBe('891.00');
  });
  it('rebate and FX premium are incentives that do not move the deal amounts', () => {
    const q = priceQuote({
      ...base,
      rebate: [{ from: '0', percentage: '0.1' }],
      fxPremium: [{ from: '0', flat: '2.5' }],
    });
    expect(q.merchantCharges).toEqual([
      { feeType: 'REBATE', chargeMode: null, amount: '1.00', currency: 'USD', tax: { total: '0.00', details: [] } },
      { feeType: 'FX_PREMIUM', chargeMode: null, amount: '2.50', currency: 'USD', tax: { total: '0.00', details: [] } },
    ]);
    expect(q.totalDebit.amount).toBe('1000.00');
    expect(q.netCredit.amount).toBe('900.00');
  });
  it('an incentive whose slabs start above the send amount adds no line (not a 0.00 rebate)', () => {
    const q = priceQuote({ ...base, rebate: [{ from: '1000000', percentage: '0.05' }], fxPremium: [{ from: '0', to: '999.99', flat: '1' }] });
    expect(q.merchantCharges).toEqual([]);
    const covered = priceQuote({ ...base, rebate: [{ from: '1000', percentage: '0.05' }] });
    expect(covered.merchantCharges).toEqual([{ feeType: 'REBATE', chargeMode: null, amount: '0.50', currency: 'USD', tax: { total: '0.00', details: [] } }]);
  });
  it('spec 4: fee values saved by a TSP (OUR, BEN, REBATE, FX_PREMIUM) replace the computed ones', () => {
    const q = priceQuote({
      ...base,
      taxes,
      correspondentFee: { chargeMode: 'OUR', slabs: [{ from: '0', flat: '15' }] },
      feeOverrides: { OUR: '20', REBATE: '3' },
    });
    expect(q.correspondentCharges[0]).toMatchObject({ amount: '20.00', tax: { total: '1.00' } });
    expect(q.merchantCharges).toEqual([{ feeType: 'REBATE', chargeMode: null, amount: '3.00', currency: 'USD', tax: { total: '0.00', details: [] } }]);
    const ben = priceQuote({ ...base, correspondentFee: { chargeMode: 'BEN', slabs: [] }, feeOverrides: { BEN: '7.5' } });
    expect(ben.correspondentCharges[0]).toMatchObject({ amount: '7.50', currency: 'EUR' });
  });
  it('its correspondent charges feed the receipt totals of spec 2', () => {
    const q = priceQuote({ ...base, taxes, correspondentFee: { chargeMode: 'OUR', slabs: [{ from: '0', flat: '15' }] } });
    const totals = receiptTotals({
      sourceAmount: q.sendAmount.amount,
      targetAmount: q.receiveAmount.amount,
      correspondentCharges: q.correspondentCharges.map((c) => ({ chargeMode: c.chargeMode, amount: c.amount })),
      tax: q.correspondentCharges.map((c) => ({ amount: c.tax.total })),
    });
    expect(totals.totalTopUp).toBe('1015.75');
  });
  it('property: pricing the received amount gives back the sent amount within one minor unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000_000 }), fc.integer({ min: 1_000, max: 2_000_000 }), (cents, rateUnits) => {
        const rate = new Dec(rateUnits).div(10_000).toFixed();
        const send = new Dec(cents).div(100).toFixed();
        const forward = priceQuote({ ...base, ibrRate: rate, amount: { side: 'send', value: send } });
        const back = priceQuote({ ...base, ibrRate: rate, amount: { side: 'receive', value: forward.receiveAmount.amount } });
        const drift = new Dec(back.sendAmount.amount).minus(send).abs();
        // One target minor unit is worth 0.01 / rate source units; allow that plus a source cent.
        expect(drift.lte(new Dec('0.01').div(rate).plus('0.01'))).toBe(true);
      }),
    );
  });
});
