import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { makeIban } from '@corridor/domain';
import { answers, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { AddBeneficiaryDialog } from './add-beneficiary-dialog.tsx';
import type { Beneficiary } from './use-beneficiaries.ts';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const countries = [
  { code: 'DE', name: 'Germany', currencyCode: 'EUR' },
  { code: 'US', name: 'United States', currencyCode: 'USD' },
];
const currencies = [{ code: 'EUR' }, { code: 'USD' }];
const GOOD_IBAN = makeIban('DE', '370400440532013000');
const created = { id: 'b-1', displayName: 'Hanse Kontor' } as Beneficiary;

function renderDialog(onCreated = vi.fn()) {
  render(<AddBeneficiaryDialog open onOpenChange={() => {}} countries={countries} currencies={currencies} onCreated={onCreated} />);
  return onCreated;
}
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

beforeEach(resetScriptedApi);

describe('add beneficiary dialog', () => {
  it('refuses an IBAN with wrong check digits on the IBAN field, sending nothing', async () => {
    renderDialog();
    type('beneficiary-name', 'Hanse Kontor GmbH');
    type('beneficiary-countryCode', 'DE');
    type('beneficiary-iban', 'DE00 3704 0044 0532 0130 00');
    fireEvent.click(screen.getByTestId('beneficiary-submit'));
    expect((await screen.findByTestId('beneficiary-iban-error')).textContent).toBe('This IBAN is not valid: check it for a typing mistake');
    expect(sent).toHaveLength(0);
  });

  it('names every missing field, and an IBAN of another country than the one chosen', async () => {
    renderDialog();
    fireEvent.click(screen.getByTestId('beneficiary-submit'));
    expect((await screen.findByTestId('beneficiary-name-error')).textContent).toBe("Enter the account holder's name");
    expect(screen.getByTestId('beneficiary-countryCode-error').textContent).toBe("Choose the bank's country");
    type('beneficiary-countryCode', 'DE');
    type('beneficiary-iban', makeIban('FR', '30006000011234567890189'));
    fireEvent.click(screen.getByTestId('beneficiary-submit'));
    await waitFor(() => expect(screen.getByTestId('beneficiary-iban-error').textContent).toBe('This IBAN belongs to another country than the one chosen'));
    type('beneficiary-bic', 'RHNEDEFFX');
    fireEvent.click(screen.getByTestId('beneficiary-submit'));
    expect((await screen.findByTestId('beneficiary-bic-error')).textContent).toBe('A BIC has 8 or 11 letters and digits');
    expect(sent).toHaveLength(0);
  });

  it('sends a good IBAN without spaces, the country currency suggested, with an idempotency key', async () => {
    answers.push(() => Promise.resolve(created));
    const onCreated = renderDialog();
    type('beneficiary-name', ' Hanse Kontor GmbH ');
    type('beneficiary-displayName', 'Hanse Kontor');
    type('beneficiary-countryCode', 'DE');
    type('beneficiary-iban', GOOD_IBAN.replace(/(.{4})/g, '$1 ').toLowerCase());
    type('beneficiary-bic', 'rhnedeffxxx');
    fireEvent.click(screen.getByTestId('beneficiary-submit'));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(sent[0]?.body).toEqual({
      type: 'BUSINESS',
      name: 'Hanse Kontor GmbH',
      displayName: 'Hanse Kontor',
      countryCode: 'DE',
      currencyCode: 'EUR',
      iban: GOOD_IBAN,
      bic: 'RHNEDEFFXXX',
    });
    expect(sent[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for an account number where the country has no IBAN, digits only', async () => {
    renderDialog();
    type('beneficiary-name', 'Northwind Components Inc');
    type('beneficiary-countryCode', 'US');
    expect(screen.queryByTestId('beneficiary-iban')).toBeNull();
    type('beneficiary-accountNumber', '12AB5678');
    fireEvent.click(screen.getByTestId('beneficiary-submit'));
    expect((await screen.findByTestId('beneficiary-accountNumber-error')).textContent).toBe('Enter the account number: 4 to 34 digits');
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal on the field it names, and keeps the dialog open", async () => {
    answers.push(() =>
      Promise.reject(
        new ApiError({
          status: 409,
          code: 'DUPLICATE_BENEFICIARY',
          message: 'This account is already one of your beneficiaries',
          invalidParameters: [{ parameter: 'iban', message: 'this account is already one of your beneficiaries' }],
        }),
      ),
    );
    const onCreated = renderDialog();
    type('beneficiary-name', 'Hanse Kontor GmbH');
    type('beneficiary-countryCode', 'DE');
    type('beneficiary-iban', GOOD_IBAN);
    fireEvent.click(screen.getByTestId('beneficiary-submit'));
    expect((await screen.findByTestId('beneficiary-iban-error')).textContent).toBe('this account is already one of your beneficiaries');
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.getByTestId('beneficiary-dialog')).toBeTruthy();
  });
});
