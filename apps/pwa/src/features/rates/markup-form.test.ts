import { describe, expect, it } from 'vitest';
import { agentFormSchema, spreadFormOf, spreadFormSchema, volatileFormSchema } from './markup-form.ts';

/** The message keys of a spread, per field, or the body it would send. */
function check(markupType: string, askMarkup: string, bidMarkup = '0') {
  const result = spreadFormSchema.safeParse({ markupType, askMarkup, bidMarkup });
  return result.success ? result.data : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('markup form', () => {
  it('holds each unit to its own range, either sign', () => {
    expect(check('PIP', '25', '-10000')).toEqual({ markupType: 'PIP', askMarkup: '25', bidMarkup: '-10000' });
    expect(check('PIP', '10000.1')).toEqual({ askMarkup: 'rates.errors.markupRange' });
    // 25 typed as a percentage is the usual unit mistake (meant 25 bips): refused.
    expect(check('PERCENTAGE', '25', '-0.25')).toEqual({ askMarkup: 'rates.errors.markupRange' });
    expect(check('BIP', '1000', '-1001')).toEqual({ bidMarkup: 'rates.errors.markupRange' });
    expect(check('FLAT', '100', '-100.5')).toEqual({ bidMarkup: 'rates.errors.markupRange' });
  });

  it('refuses blanks, text and more than 8 decimals', () => {
    expect(check('PIP', ' ', '1e3')).toEqual({ askMarkup: 'rates.errors.markupRequired', bidMarkup: 'rates.errors.markupInvalid' });
    expect(check('PIP', '--1')).toEqual({ askMarkup: 'rates.errors.markupInvalid' });
    expect(check('PERCENTAGE', '0.123456789', '0.12345678')).toEqual({ askMarkup: 'rates.errors.markupDecimals' });
  });

  it('starts from the stored markup, or PIP 0 / 0', () => {
    expect(spreadFormOf({ markupType: 'BIP', askMarkup: '10', bidMarkup: '-10' })).toEqual({ markupType: 'BIP', askMarkup: '10', bidMarkup: '-10' });
    expect(spreadFormOf()).toEqual({ markupType: 'PIP', askMarkup: '0', bidMarkup: '0' });
    expect(spreadFormOf({ markupType: 'ODD', askMarkup: '1', bidMarkup: '1' }).markupType).toBe('PIP');
  });

  it('trims what it sends', () => {
    expect(check('PIP', ' 30 ', '-30')).toEqual({ markupType: 'PIP', askMarkup: '30', bidMarkup: '-30' });
  });
});

describe('new volatile layer and agent markup forms', () => {
  it('asks for the deal a volatile layer sits on, and holds its spread like any markup', () => {
    const blank = volatileFormSchema.safeParse({ currencyDealConfigId: '', markupType: 'PERCENTAGE', askMarkup: '12', bidMarkup: '0' });
    expect(blank.success ? blank.data : blank.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['currencyDealConfigId', 'rates.errors.dealRequired'],
      ['askMarkup', 'rates.errors.markupRange'],
    ]);
    expect(volatileFormSchema.parse({ currencyDealConfigId: 'd-1', markupType: 'BIP', askMarkup: ' 5 ', bidMarkup: '-5' })).toEqual({
      currencyDealConfigId: 'd-1',
      markupType: 'BIP',
      askMarkup: '5',
      bidMarkup: '-5',
    });
  });

  it('sends agent codes upper case and refuses blank ones', () => {
    expect(
      agentFormSchema.parse({
        productType: ' remittance ',
        activityType: 'SELL',
        instrumentType: 'spot',
        markupType: 'BIP',
        askMarkup: '15',
        bidMarkup: '-10',
      }),
    ).toEqual({ productType: 'REMITTANCE', activityType: 'SELL', instrumentType: 'SPOT', markupType: 'BIP', askMarkup: '15', bidMarkup: '-10' });
    const blank = agentFormSchema.safeParse({
      productType: ' ',
      activityType: 'SELL',
      instrumentType: 'SPOT',
      markupType: 'BIP',
      askMarkup: '1001',
      bidMarkup: '0',
    });
    expect(blank.success ? blank.data : blank.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['productType', 'rates.errors.required'],
      ['askMarkup', 'rates.errors.markupRange'],
    ]);
  });
});
