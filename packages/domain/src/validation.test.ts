import { describe, expect, it } from 'vitest';
import {
  amountFilterQuery,
  canModifyComment,
  commentAuthorLabel,
  countrySelectOptions,
  isCancellationDateAllowed,
  isNumericInput,
  pairedCurrency,
  pickAllowedCurrency,
  sanitizeAmountInput,
  validateAmountFilter,
  validateAmountWithCurrency,
  validateChangePassword,
  validateCodeCurrency,
  validateCodeSelection,
  validateComment,
  validateNewPassword,
} from './validation.ts';
import { isLoginSubmitDisabled, validateLogin } from './login-validation.ts';

const POLICY = 'Your Password must be minimum 8 characters, one uppercase letter and one number';

describe('login — spec 5: "digit9Id required (error tip session.idErrorMessage); password required (session.passwordErrorMessage)"', () => {
  it('names each missing field with its i18n key', () => {
    expect(validateLogin({ digit9Id: '', password: '' })).toEqual({
      digit9Id: 'session.idErrorMessage',
      password: 'session.passwordErrorMessage',
    });
    expect(validateLogin({ digit9Id: '   ', password: 'x' })).toEqual({ digit9Id: 'session.idErrorMessage' });
    expect(validateLogin({ digit9Id: '100000001', password: null })).toEqual({ password: 'session.passwordErrorMessage' });
    expect(validateLogin({ digit9Id: '100000001', password: 'Corridor2026' })).toEqual({});
  });
  it('knows a digit9Id and when submit is disabled ("disabled only while the form is dirty and invalid")', () => {
    expect(isLoginSubmitDisabled(true, false)).toBe(true);
    expect(isLoginSubmitDisabled(false, false)).toBe(false);
    expect(isLoginSubmitDisabled(true, true)).toBe(false);
  });
});

describe('change password — spec 5: "new password required, minimum 8 characters, at least one uppercase letter and one digit (\'Your Password must be minimum 8 characters, one uppercase letter and one number\')"', () => {
  it('accepts a password meeting the policy', () => {
    expect(validateNewPassword('Corridor2026')).toBeNull();
    expect(validateNewPassword('ABCDEFG1')).toBeNull();
    expect(validateNewPassword('A1      ')).toBeNull();
  });
  it('refuses short, no uppercase, no digit, empty', () => {
    expect(validateNewPassword('Abcdef1')).toBe(POLICY);
    expect(validateNewPassword('corridor2026')).toBe(POLICY);
    expect(validateNewPassword('Corridorxx')).toBe(POLICY);
    expect(validateNewPassword('')).toBe(POLICY);
  });
  it("per field: 'Please input your current password!', 'Please confirm your password!', 'Password is incorrect!'", () => {
    expect(validateChangePassword({ current: '', newPassword: '', confirm: '' })).toEqual({
      current: 'Please input your current password!',
      newPassword: POLICY,
      confirm: 'Please confirm your password!',
    });
    expect(validateChangePassword({ current: 'old', newPassword: 'Corridor2026', confirm: 'Corridor2025' })).toEqual({
      confirm: 'Password is incorrect!',
    });
    expect(validateChangePassword({ current: 'old', newPassword: 'Corridor2026', confirm: 'Corridor2026' })).toEqual({});
  });
});

describe('amount with currency — spec 5: "only digits and a dot may be typed; valid only with a non-zero amount and a currency, else error \'invalid\'; numeric, minimum 0, placeholder 0.00"', () => {
  it('is valid only with a non-zero amount and a currency', () => {
    expect(validateAmountWithCurrency({ amount: '10.50', currency: 'EUR' })).toBeNull();
    expect(validateAmountWithCurrency({ amount: 0.01, currency: 'EUR' })).toBeNull();
    expect(validateAmountWithCurrency({ amount: '0', currency: 'EUR' })).toBe('invalid');
    expect(validateAmountWithCurrency({ amount: '0.00', currency: 'EUR' })).toBe('invalid');
    expect(validateAmountWithCurrency({ amount: '10', currency: '' })).toBe('invalid');
    expect(validateAmountWithCurrency({ amount: '10', currency: null })).toBe('invalid');
    expect(validateAmountWithCurrency({ amount: '', currency: 'EUR' })).toBe('invalid');
    expect(validateAmountWithCurrency({ amount: '-5', currency: 'EUR' })).toBe('invalid');
    expect(validateAmountWithCurrency({ amount: '1,000', currency: 'EUR' })).toBe('invalid');
    expect(validateAmountWithCurrency({ amount: '1e3', currency: 'EUR' })).toBe('invalid');
    expect(validateAmountWithCurrency(null)).toBe('invalid');
    expect(validateAmountWithCurrency({ amount: 1e-7, currency: 'EUR' })).toBeNull();
    expect(validateAmountWithCurrency({ amount: 0, currency: 'EUR' })).toBe('invalid');
    expect(validateAmountWithCurrency({ amount: -3, currency: 'EUR' })).toBe('invalid');
  });
  it('keeps only digits and one dot as typed', () => {
    expect(sanitizeAmountInput('1,2a3.4.5')).toBe('123.45');
    expect(sanitizeAmountInput('-12')).toBe('12');
    expect(sanitizeAmountInput('abc')).toBe('');
  });
  it('"the currency resets to the first allowed one if the current one is not in the list"', () => {
    expect(pickAllowedCurrency('GBP', ['EUR', 'USD'])).toBe('EUR');
    expect(pickAllowedCurrency('USD', ['EUR', 'USD'])).toBe('USD');
    expect(pickAllowedCurrency(null, ['EUR'])).toBe('EUR');
    expect(pickAllowedCurrency('EUR', [])).toBeNull();
  });
  it('"shows the paired currency when only two currencies are offered"', () => {
    expect(pairedCurrency('EUR', ['EUR', 'USD'])).toBe('USD');
    expect(pairedCurrency('USD', ['EUR', 'USD'])).toBe('EUR');
    expect(pairedCurrency('EUR', ['EUR', 'USD', 'GBP'])).toBeNull();
    expect(pairedCurrency('AED', ['EUR', 'USD'])).toBeNull();
  });
});

describe('amount filter — spec 5: "min and max amount both required; Apply disabled until the form is dirty; applying sends from and to"', () => {
  it('requires both bounds', () => {
    expect(validateAmountFilter({ min: '10', max: '' })).toEqual({ max: 'required' });
    expect(validateAmountFilter({ min: null, max: 5 })).toEqual({ min: 'required' });
    expect(validateAmountFilter({ min: '0', max: '100' })).toEqual({});
  });
  it('sends from and to', () => {
    expect(amountFilterQuery({ min: '10', max: 20 })).toEqual({ from: '10', to: '20' });
    expect(() => amountFilterQuery({ min: '10' })).toThrow();
  });
  it('spec 5: "Fee edit inputs numeric"; "filter Reset disabled until the form changed"', () => {
    expect(isNumericInput('12.5')).toBe(true);
    expect(isNumericInput('twelve')).toBe(false);
  });
});

describe("extra details — spec 5: \"both reason text ('Reason (required)') and 'Cancellation Date' are required; ... the date must be between the transaction date (start of day) and now; format dd/MM/yyyy\"", () => {
  const rules = {
    required: true,
    transactionDate: '2026-11-20T15:30:00Z',
    now: new Date('2026-11-22T12:00:00Z'),
    timeZone: 'UTC',
  };
  it('accepts the transaction day itself (from its start) up to now', () => {
    expect(isCancellationDateAllowed('2026-11-20T00:00:00Z', rules.transactionDate, rules.now, 'UTC')).toBe(true);
    expect(isCancellationDateAllowed('2026-11-22T12:00:00Z', rules.transactionDate, rules.now, 'UTC')).toBe(true);
  });
  it('refuses a date before the transaction day or after now', () => {
    expect(isCancellationDateAllowed('2026-11-19T23:59:59Z', rules.transactionDate, rules.now, 'UTC')).toBe(false);
    expect(isCancellationDateAllowed('2026-11-22T12:00:01Z', rules.transactionDate, rules.now, 'UTC')).toBe(false);
  });
  it('takes the start of the day in the user zone', () => {
    // 20 Nov 15:30 UTC is 21 Nov 00:30 in Tokyo, so 20 Nov (Tokyo) is before the transaction day.
    expect(isCancellationDateAllowed('20/11/2026', rules.transactionDate, rules.now, 'Asia/Tokyo')).toBe(false);
    expect(isCancellationDateAllowed('21/11/2026', rules.transactionDate, rules.now, 'Asia/Tokyo')).toBe(true);
  });
});

describe("comments — spec 5: \"content required for new and edited comments; Send disabled when empty; Save changes needs a valid and changed form; only the creator may edit or delete, and the creator's comment is marked '(You)'\"", () => {
  const comment = { id: 'c1', content: 'Checked', createdBy: { id: 'u1', name: 'Ada' } };
  it('requires content', () => {
    expect(validateComment('')).toBe('required');
    expect(validateComment('   ')).toBe('required');
    expect(validateComment(null)).toBe('required');
    expect(validateComment('ok')).toBeNull();
  });
  it("lets only the creator modify, and marks the creator's comment '(You)'", () => {
    expect(canModifyComment(comment, 'u1')).toBe(true);
    expect(canModifyComment(comment, 'u2')).toBe(false);
    expect(canModifyComment(comment, null)).toBe(false);
    expect(commentAuthorLabel(comment, 'u1')).toBe('Ada (You)');
    expect(commentAuthorLabel(comment, 'u2')).toBe('Ada');
  });
});

describe('accounting codes — spec 5: "Selection containing OPEN_POSITION_DEAL must be alone; a code without currency gives error currencyRequired"', () => {
  it('refuses OPEN_POSITION_DEAL with other codes', () => {
    expect(validateCodeSelection(['OPEN_POSITION_DEAL', 'FEES'])).toBe('OPEN_POSITION_DEAL must be alone');
    expect(validateCodeSelection(['OPEN_POSITION_DEAL'])).toBeNull();
    expect(validateCodeSelection(['FEES', 'TAX'])).toBeNull();
    expect(validateCodeSelection([])).toBeNull();
  });
  it('requires a currency for a code', () => {
    expect(validateCodeCurrency({ code: 'FEES', currency: '' })).toBe('currencyRequired');
    expect(validateCodeCurrency({ code: 'FEES' })).toBe('currencyRequired');
    expect(validateCodeCurrency({ code: 'FEES', currency: 'USD' })).toBeNull();
    expect(validateCodeCurrency({ code: '', currency: '' })).toBeNull();
  });
});

describe('country select — spec 5: "an \'Any\' option (empty code) added unless required"', () => {
  it('adds Any first unless required', () => {
    const countries = [{ code: 'AE', name: 'United Arab Emirates' }];
    expect(countrySelectOptions(countries, false)).toEqual([{ code: '', name: 'Any' }, ...countries]);
    expect(countrySelectOptions(countries, true)).toEqual(countries);
  });
});
