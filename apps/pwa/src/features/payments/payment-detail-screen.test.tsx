import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@corridor/api';
import { paymentFixture } from '@/test/payment-fixture.ts';
import { api } from '@/lib/api-client.ts';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession } from '@/test/fake-session.ts';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { PaymentDetailScreen } from './payment-detail-screen.tsx';
import type { PaymentViewer } from './payment-row-actions.ts';

const TIMELINE = [
  { status: 'DRAFTED' as const, action: 'create', at: '2026-11-20T09:00:00.000Z', by: { id: 'u-1', name: 'Mira Maker' }, reason: null },
  { status: 'INITIATED' as const, action: 'initiate', at: '2026-11-20T10:00:00.000Z', by: { id: 'u-1', name: 'Mira Maker' }, reason: null },
];
const CURRENCIES = [
  { code: 'USD', dp: 2 },
  { code: 'EUR', dp: 2 },
];
// The BEN charge is the correspondent's: the details page lists it with the merchant's own OUR fee.
const QUOTE = {
  merchantCharges: [{ feeType: 'OUR', chargeMode: 'OUR', amount: '12.5', currency: 'USD', tax: { total: '0', details: [] } }],
  correspondentCharges: [{ feeType: 'BEN', chargeMode: 'BEN', amount: '2.5', currency: 'EUR', tax: { total: '0', details: [] } }],
};

function stubApi(handler: (id: string, input: unknown) => unknown) {
  return vi.spyOn(api, 'call').mockImplementation((async (id: string, input: unknown) => {
    if (id === 'merchantWallets.currencies' || id === 'spWallets.currencies') return { content: CURRENCIES, page: 0, size: 2, totalElements: 2, totalPages: 1 };
    if (id === 'quotes.merchantGet' || id === 'quotes.tspMerchantGet') return QUOTE;
    return handler(id, input);
  }) as never);
}

async function renderDetail(viewer: PaymentViewer = 'MERCHANT') {
  const { session } = fakeSession({ token: 't' });
  session.start();
  await waitFor(() => expect(session.getSnapshot().context.user).not.toBeNull());
  return renderInRouter(() => (
    <SessionProvider session={session}>
      <PaymentDetailScreen viewer={viewer} paymentId="pay-1" />
    </SessionProvider>
  ));
}

afterEach(async () => {
  vi.restoreAllMocks();
  await clearLocalData('u-1');
});

describe('PaymentDetailScreen', { timeout: 20_000 }, () => {
  it('shows the payment with its details panel, timeline and the actions its status allows', async () => {
    const call = stubApi((id) => (id === 'merchantPayments.get' ? paymentFixture({ timeline: TIMELINE }) : undefined));
    await renderDetail();
    await waitFor(() => expect(screen.getByTestId('payment-details-panel')).toBeTruthy());
    expect(call).toHaveBeenCalledWith('merchantPayments.get', { path: { id: 'pay-1' } });
    expect(screen.getAllByTestId('status-timeline-step')).toHaveLength(2);
    expect(screen.getByTestId('status-timeline-duration').textContent).toBe('after 1 hr');
    expect(screen.getAllByTestId('payment-actions')[0]?.textContent).toBe('Cancel');
    fireEvent.click(screen.getByTestId('payment-details-fee-toggle'));
    await waitFor(() => expect(screen.getByTestId('payment-details-fee-OUR').textContent).toContain('12.50 USD'));
    expect(screen.getByTestId('payment-details-fee-BEN').textContent).toContain('2.50 EUR');
  });

  it('cancels through the extra-details modal; a refusal keeps the modal open, success refreshes the page', async () => {
    let refuse = true;
    let status: 'INITIATED' | 'CANCELLED' = 'INITIATED';
    const call = stubApi((id) => {
      if (id === 'merchantPayments.get') return paymentFixture({ status, timeline: TIMELINE });
      if (id === 'merchantPayments.cancel') {
        if (refuse) throw new ApiError({ status: 409, code: 'INVALID_TRANSITION', message: 'The payment is PROCESSING' });
        status = 'CANCELLED';
        return {
          transactionId: 'pay-1',
          cancellationId: 'c-1',
          status: 'COMPLETED',
          cancelledBy: null,
          serviceProviderId: null,
          cancelledOn: null,
          reason: 'Duplicate',
        };
      }
      return undefined;
    });
    await renderDetail();
    fireEvent.click(await screen.findByTestId('payment-action-cancel'));
    fireEvent.change(screen.getByTestId('extra-details-reason'), { target: { value: 'Duplicate' } });
    const confirm = screen.getByTestId('extra-details-confirm') as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith(
        'merchantPayments.cancel',
        expect.objectContaining({ body: expect.objectContaining({ transactionId: 'pay-1', reason: 'Duplicate' }) }),
      ),
    );
    await waitFor(() => expect((screen.getByTestId('extra-details-confirm') as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByTestId('extra-details-modal')).toBeTruthy();

    refuse = false;
    fireEvent.click(screen.getByTestId('extra-details-confirm'));
    await waitFor(() => expect(screen.queryByTestId('extra-details-modal')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('payment-detail-screen').querySelector('[data-status="CANCELLED"]')).toBeTruthy());
    expect(screen.queryByTestId('payment-actions')).toBeNull();
  });

  it('asks the TSP to confirm before processing, then calls the process call', async () => {
    const call = stubApi((id) =>
      id === 'spPayments.get' ? paymentFixture({ timeline: TIMELINE }) : id === 'spPayments.processOne' ? paymentFixture({ status: 'PROCESSING' }) : undefined,
    );
    await renderDetail('TSP');
    fireEvent.click(await screen.findByTestId('payment-action-process'));
    expect(screen.getByTestId('payment-confirm-dialog').textContent).toContain('PAY-0001 · 1000 USD');
    expect(call).not.toHaveBeenCalledWith('spPayments.processOne', expect.anything());
    fireEvent.click(screen.getByTestId('payment-confirm-ok'));
    await waitFor(() => expect(call).toHaveBeenCalledWith('spPayments.processOne', { path: { id: 'pay-1' } }));
  });

  it('offline with nothing saved says the payment is not on this device yet', async () => {
    stubApi(() => {
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' });
    });
    await renderDetail();
    await waitFor(() => expect(screen.getByTestId('payment-detail-missing').textContent).toContain('not saved on this device yet'));
  });
});
