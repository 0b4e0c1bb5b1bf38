import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession } from '@/test/fake-session.ts';
import { BeneficiaryDetailScreen } from './beneficiary-detail-screen.tsx';

const answers = new Map<string, () => Promise<unknown>>();

vi.mock('@/lib/api-client.ts', () => ({
  api: { call: (_id: string, input: { path: { id: string } }) => (answers.get(input.path.id) ?? (() => Promise.reject(new Error('none'))))() },
}));
// The page's header links back to the list; the router itself is not what is tested here.
vi.mock('@/components/page-header.tsx', () => ({ PageHeader: ({ title }: { title: string }) => <h1>{title}</h1> }));

async function renderDetail(id: string) {
  const { session } = fakeSession({ token: 't' });
  session.start();
  await waitFor(() => expect(session.getSnapshot().context.user).not.toBeNull());
  render(
    <SessionProvider session={session}>
      <BeneficiaryDetailScreen beneficiaryId={id} />
    </SessionProvider>,
  );
}

describe('beneficiary detail', () => {
  it('offline, a beneficiary never opened on this device says nothing is saved here yet', async () => {
    answers.set('b-never', () => Promise.reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' })));
    await renderDetail('b-never');
    await waitFor(() => expect(screen.getByTestId('cached-age').textContent).toBe('Offline: nothing saved on this device yet'));
  });

  it('shows the account grouped by four, and says so when the beneficiary is not the merchant’s', async () => {
    answers.set('b-1', () =>
      Promise.resolve({
        id: 'b-1',
        merchantServiceId: 'm',
        type: 'BUSINESS',
        displayName: 'Hanse Kontor',
        name: 'Hanse Kontor GmbH',
        iban: 'DE89370400440532013000',
        accountNumber: null,
        bic: 'RHNEDEFFXXX',
        bankCode: null,
        bankName: 'Rhine Handelsbank',
        countryCode: 'DE',
        currencyCode: 'EUR',
        address: null,
        city: 'Hamburg',
        email: null,
        phone: null,
        status: 'ACTIVE',
      }),
    );
    await renderDetail('b-1');
    expect(await screen.findByText('DE89 3704 0044 0532 0130 00')).toBeTruthy();
    answers.set('b-other', () => Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'No beneficiary b-other' })));
    await renderDetail('b-other');
    expect((await screen.findByTestId('beneficiary-not-found')).textContent).toBe('This beneficiary does not exist, or is not one of yours.');
  });
});
