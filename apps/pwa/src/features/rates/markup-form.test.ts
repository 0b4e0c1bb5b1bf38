import { describe, expect, it } from 'vitest';
import { markupProblem, spreadFormOf, spreadFormSchema } from './markup-form.ts';

describe('markup form', () => {
  it('holds each unit to its own range, either sign', () => {
    expect(markupProblem('25', 'PIP')).toBeNull();
    expect(markupProblem('-10000', 'PIP')).toBeNull();
    expect(markupProblem('10000.1', 'PIP')).toEqual({ key: 'markupRange', params: { limit: '10000', unit: 'PIP' } });
    // 25 typed as a percentage is the usual unit mistake (meant 25 bips): refused.
    expect(markupProblem('25', 'PERCENTAGE')?.key).toBe('markupRange');
    expect(markupProblem('-0.25', 'PERCENTAGE')).toBeNull();
    expect(markupProblem('1000', 'BIP')).toBeNull();
    expect(markupProblem('1001', 'BIP')?.key).toBe('markupRange');
    expect(markupProblem('100', 'FLAT')).toBeNull();
    expect(markupProblem('-100.5', 'FLAT')?.key).toBe('markupRange');
  });

  it('refuses blanks, text and more than 8 decimals', () => {
    expect(markupProblem(' ', 'PIP')?.key).toBe('markupRequired');
    expect(markupProblem('1e3', 'PIP')?.key).toBe('markupInvalid');
    expect(markupProblem('--1', 'PIP')?.key).toBe('markupInvalid');
    expect(markupProblem('0.123456789', 'PERCENTAGE')?.key).toBe('markupDecimals');
    expect(markupProblem('0.12345678', 'PERCENTAGE')).toBeNull();
  });

  it('starts from the stored markup, or PIP 0 / 0', () => {
    expect(spreadFormOf({ markupType: 'BIP', askMarkup: '10', bidMarkup: '-10' })).toEqual({ markupType: 'BIP', askMarkup: '10', bidMarkup: '-10' });
    expect(spreadFormOf()).toEqual({ markupType: 'PIP', askMarkup: '0', bidMarkup: '0' });
    expect(spreadFormOf({ markupType: 'ODD', askMarkup: '1', bidMarkup: '1' }).markupType).toBe('PIP');
  });

  it('names the failing side with its message key and trims what it sends', () => {
    const bad = spreadFormSchema.safeParse({ markupType: 'PERCENTAGE', askMarkup: '12', bidMarkup: '-0.5' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['askMarkup', 'rates.errors.markupRange']]);
    expect(spreadFormSchema.parse({ markupType: 'PIP', askMarkup: ' 30 ', bidMarkup: '-30' })).toEqual({
      markupType: 'PIP',
      askMarkup: '30',
      bidMarkup: '-30',
    });
  });
});
