import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { answersById, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { renderSignedIn, startedSession } from '@/test/signed-in.tsx';
import { RevaluationRatesScreen } from './revaluation-rates-screen.tsx';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const page = <T,>(content: T[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: 1 });
const audit = { createdBy: 'u-1', createdAt: '2026-11-01T08:00:00Z', updatedBy: null, updatedAt: null };
const CONFIGS = [
  {
    id: 'c-eur',
    currencyConfigId: 'cc-eur',
    serviceProviderId: 'tsp',
    sourceCurrency: 'EUR',
    targetCurrency: 'AED',
    autoRevaluation: false,
    autoRevaluationRateType: null,
    ...audit,
  },
  {
    id: 'c-gbp',
    currencyConfigId: 'cc-gbp',
    serviceProviderId: 'tsp',
    sourceCurrency: 'GBP',
    targetCurrency: 'AED',
    autoRevaluation: true,
    autoRevaluationRateType: 'IBR',
    ...audit,
  },
];
const RATES = [
  {
    id: 'r-1',
    revaluationConfigId: 'c-eur',
    currencyConfigId: 'cc-eur',
    sourceCurrency: 'EUR',
    targetCurrency: 'AED',
    revaluationDate: '2026-11-30',
    rate: '3.9662',
    ...audit,
  },
  {
    id: 'r-2',
    revaluationConfigId: 'c-gbp',
    currencyConfigId: 'cc-gbp',
    sourceCurrency: 'GBP',
    targetCurrency: 'AED',
    revaluationDate: '2026-11-30',
    rate: '4.664',
    ...audit,
  },
];

function answerCalls() {
  answersById.set('revaluation.configs', () => Promise.resolve(page(CONFIGS)));
  answersById.set('revaluation.rates', () => Promise.resolve(page(RATES)));
  answersById.set('revaluation.history', () => Promise.resolve(page(RATES.slice(0, 1))));
}

async function renderScreen() {
  const route = { useSearch: () => ({}) };
  const { session } = await startedSession({ token: 't' });
  return renderSignedIn(session, () => <RevaluationRatesScreen route={route} />, '/service-provider/rate/revaluation');
}

const today = () => new Date().toISOString().slice(0, 10);

beforeEach(resetScriptedApi);
afterEach(async () => {
  vi.restoreAllMocks();
  await clearLocalData('u-1');
});

describe('revaluation rates screen', { timeout: 20_000 }, () => {
  it('lists the configs and the rates per date, and the history of the rates runs used', async () => {
    answerCalls();
    await renderScreen();
    const rates = await screen.findByRole('table', { name: 'Rates per date' });
    await waitFor(() => expect(within(rates).getByText('4.66400000')).toBeTruthy());
    const configs = screen.getByRole('table', { name: 'Revaluation configs' });
    await waitFor(() => expect(within(configs).getByText('Automatic')).toBeTruthy());
    expect(within(configs).getByText('IBR')).toBeTruthy();
    fireEvent.click(screen.getByTestId('revaluation-view-history'));
    const history = await screen.findByRole('table', { name: 'Rates used by runs' });
    await waitFor(() => expect(within(history).queryByText('4.66400000')).toBeNull());
    expect(sent.some((s) => s.id === 'revaluation.history')).toBe(true);
    expect(screen.getByTestId('revaluation-records-link').getAttribute('href')).toBe('/service-provider/transactions/revaluation/list');
  });

  it('runs a revaluation for a date after a confirmation, under one idempotency key, and shows its result', async () => {
    answerCalls();
    answersById.set('revaluation.run', () =>
      Promise.resolve({ runId: 'run-1', revaluationDate: today(), walletsRevalued: 2, totalGainLoss: '-12.5', currency: 'AED', vouchers: ['v-1', 'v-2'] }),
    );
    await renderScreen();
    await screen.findByRole('table', { name: 'Revaluation configs' });
    fireEvent.click(screen.getByTestId('revaluation-run'));
    const dialog = await screen.findByTestId('revaluation-run-dialog');
    // A future date is refused before anything is sent.
    fireEvent.change(within(dialog).getByTestId('revaluation-run-date'), { target: { value: '2999-01-01' } });
    fireEvent.click(within(dialog).getByTestId('revaluation-run-review'));
    expect((await within(dialog).findByTestId('revaluation-run-date-error')).textContent).toBe('The date must not be in the future');
    fireEvent.change(within(dialog).getByTestId('revaluation-run-date'), { target: { value: today() } });
    fireEvent.click(await within(dialog).findByTestId('revaluation-run-ccy-EUR'));
    fireEvent.click(within(dialog).getByTestId('revaluation-run-review'));
    expect((await within(dialog).findByTestId('revaluation-run-summary')).textContent).toContain(`Revalue EUR on ${today()}`);
    expect(sent.some((s) => s.id === 'revaluation.run')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('revaluation-run-confirm'));
    const result = await screen.findByTestId('revaluation-run-result-text');
    expect(result.textContent).toBe('2 wallets revalued, 2 vouchers posted, gain / loss -12.50 AED');
    const run = sent.find((s) => s.id === 'revaluation.run');
    expect(run?.body).toEqual({ revaluationDate: today(), currencies: ['EUR'] });
    expect(run?.idempotencyKey).toMatch(/.+/);
    expect(screen.getByTestId('revaluation-run-records').getAttribute('href')).toBe('/service-provider/transactions/revaluation/list');
  });

  it('shows the server refusal of a run under the field it names', async () => {
    answerCalls();
    answersById.set('revaluation.run', () =>
      Promise.reject(
        new ApiError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'The request has invalid parameters',
          invalidParameters: [{ parameter: 'revaluationDate', message: 'no revaluation rate into AED is set for this date' }],
        }),
      ),
    );
    await renderScreen();
    fireEvent.click(screen.getByTestId('revaluation-run'));
    const dialog = await screen.findByTestId('revaluation-run-dialog');
    fireEvent.click(within(dialog).getByTestId('revaluation-run-review'));
    fireEvent.click(await within(dialog).findByTestId('revaluation-run-confirm'));
    expect((await within(dialog).findByTestId('revaluation-run-date-error')).textContent).toBe('no revaluation rate into AED is set for this date');
  });

  it('edits a config, checked before sending, with the refusal under the field the server names', async () => {
    answerCalls();
    answersById.set('revaluation.updateConfig', () =>
      Promise.reject(
        new ApiError({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'The request has invalid parameters',
          invalidParameters: [{ parameter: 'autoRevaluationRateType', message: 'must be one of IBR, CALIBRATED' }],
        }),
      ),
    );
    await renderScreen();
    const configs = await screen.findByRole('table', { name: 'Revaluation configs' });
    await waitFor(() => expect(within(configs).getAllByTestId('revaluation-config-edit').length).toBeGreaterThan(0));
    fireEvent.click(within(configs).getAllByTestId('revaluation-config-edit')[0] as HTMLElement);
    const dialog = await screen.findByTestId('revaluation-config-dialog');
    fireEvent.click(within(dialog).getByTestId('revaluation-auto'));
    fireEvent.click(within(dialog).getByTestId('revaluation-config-save'));
    expect((await within(dialog).findByTestId('revaluation-rate-type-error')).textContent).toBe('Choose the rate type an automatic revaluation takes');
    expect(sent.some((s) => s.id === 'revaluation.updateConfig')).toBe(false);
    fireEvent.change(within(dialog).getByTestId('revaluation-rate-type'), { target: { value: 'PLATFORM' } });
    fireEvent.click(within(dialog).getByTestId('revaluation-config-save'));
    expect((await within(dialog).findByTestId('revaluation-rate-type-error')).textContent).toBe('must be one of IBR, CALIBRATED');
    expect(sent.find((s) => s.id === 'revaluation.updateConfig')?.body).toEqual({
      currencyConfigId: 'cc-eur',
      sourceCurrency: 'EUR',
      targetCurrency: 'AED',
      autoRevaluation: true,
      autoRevaluationRateType: 'PLATFORM',
    });
  });

  it('offline: the saved lists stay, running and editing say they need the network', async () => {
    answerCalls();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await renderScreen();
    expect(await screen.findByTestId('revaluation-needs-network')).toBeTruthy();
    expect((screen.getByTestId('revaluation-run') as HTMLButtonElement).disabled).toBe(true);
  });
});
