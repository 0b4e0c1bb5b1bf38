import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '@corridor/api';
import { api } from '@/lib/api-client.ts';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession } from '@/test/fake-session.ts';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { transactionFixture } from '@/test/transaction-fixture.ts';
import type { TransactionKind, TransactionViewer } from './transaction-kind.ts';
import { TransactionDetailScreen } from './transaction-detail-screen.tsx';

const CURRENCIES = [
  { code: 'USD', dp: 2 },
  { code: 'EUR', dp: 2 },
];
const ACTIVITIES = [
  { status: 'PENDING', time: '2026-11-20T09:00:00.000Z', colorClass: 'info', duration: null, statusDetails: { name: 'Mira Maker', check: true } },
  {
    status: 'SOURCE_APPROVED',
    time: '2026-11-20T10:00:00.000Z',
    colorClass: 'success',
    duration: '3600s',
    statusDetails: { name: 'Sam Checker', check: true },
  },
];
const COMMENTS = [
  { id: 'c-1', content: 'Rate agreed by phone', createdAt: '2026-11-20T09:30:00.000Z', createdBy: { id: 'u-1', name: 'Omar Rahman' } },
  { id: 'c-2', content: 'Checked', createdAt: '2026-11-20T09:40:00.000Z', createdBy: { id: 'u-9', name: 'Someone Else' } },
];
const details = (over: Parameters<typeof transactionFixture>[0] = {}) => ({
  ...transactionFixture(over),
  approvals: [],
  comments: COMMENTS,
  cancellation: null,
});

function stubApi(handler: (id: string, input: unknown) => unknown) {
  return vi.spyOn(api, 'call').mockImplementation((async (id: string, input: unknown) => {
    if (id === 'merchantWallets.currencies' || id === 'spWallets.currencies') return { content: CURRENCIES, page: 0, size: 2, totalElements: 2, totalPages: 1 };
    if (id === 'merchantTransactions.activities' || id === 'spTransactions.activities') return ACTIVITIES;
    return handler(id, input);
  }) as never);
}

async function renderDetail(viewer: TransactionViewer = 'MERCHANT', kind: TransactionKind = 'TRANSFER') {
  const { session } = fakeSession({ token: 't' });
  session.start();
  await waitFor(() => expect(session.getSnapshot().context.user).not.toBeNull());
  return renderInRouter(() => (
    <SessionProvider session={session}>
      <TransactionDetailScreen viewer={viewer} kind={kind} transactionId="TXN-0001" />
    </SessionProvider>
  ));
}

afterEach(async () => {
  vi.restoreAllMocks();
  await clearLocalData('u-1');
});

describe('TransactionDetailScreen', { timeout: 20_000 }, () => {
  it('labels the TSP’s own fee beside a correspondent’s fee of the same mode as its service fee, as the FX panel did', async () => {
    const quoted = details({
      correspondentCharges: [{ chargeMode: 'OUR', amount: '12', currency: 'USD', tax: [] }],
      merchantCharges: [
        { chargeMode: 'OUR', amount: '3', currency: 'USD', tax: [] },
        { chargeMode: 'FX_PREMIUM', amount: '1', currency: 'USD', tax: [] },
      ],
    });
    stubApi((id) => (id === 'merchantTransactions.details' ? quoted : undefined));
    await renderDetail();
    const charges = await screen.findByTestId('transaction-charges');
    // The decimals are a read of their own (the currencies), which may answer after the details.
    await waitFor(() =>
      expect([...charges.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Our charges12.00 USD', 'Service fee3.00 USD', 'FX premium1.00 USD']),
    );
  });

  it('shows a transfer’s deal, its timeline with who decided, read-only comments for the merchant and the receipt link', async () => {
    const call = stubApi((id) => (id === 'merchantTransactions.details' ? details() : undefined));
    await renderDetail();
    const deal = await screen.findByTestId('transaction-deal');
    expect(call).toHaveBeenCalledWith('merchantTransactions.details', { path: { transactionId: 'TXN-0001' } });
    // The decimals are a read of their own (the currencies), which may answer after the details.
    await waitFor(() => expect(deal.querySelector('[data-field="sourceAmount"]')?.textContent).toBe('1,000.00 USD'));
    // Spec 9: a rate shows with 8 decimals, whatever the server sent.
    expect(deal.querySelector('[data-field="exchangeRate"]')?.textContent).toBe('0.92050000');
    expect(deal.querySelector('[data-field="targetApprovalStatus"]')?.textContent).toBe('Pending');
    expect(within(screen.getByTestId('transaction-charges')).getByText('Ben charges')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('status-timeline-step').map((s) => s.dataset.status)).toEqual(['PENDING', 'SOURCE_APPROVED']));
    // The server's colour wins: an approval step is green.
    expect(screen.getAllByTestId('status-timeline-step')[1]?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('green');
    fireEvent.click(screen.getAllByTestId('status-timeline-toggle')[1] as HTMLElement);
    expect(screen.getByTestId('status-timeline-details').textContent).toContain('Sam Checker');
    expect(screen.getAllByTestId('comment')).toHaveLength(2);
    expect(screen.queryByTestId('comment-input')).toBeNull();
    expect(screen.queryByTestId('comment-edit')).toBeNull();
    expect(screen.getByTestId('transaction-receipt-link').getAttribute('href')).toBe('/merchant/transactions/transfers/TXN-0001/receipt');
  });

  it('shows a top-up as the top-up details page, from the top-ups call when it answers', async () => {
    stubApi((id) => {
      if (id === 'spMerchantTransactions.details')
        return details({ category: 'TOPUP', sourceAmount: '500', sourceCurrency: 'USD', targetAmount: '500', targetCurrency: 'USD' });
      if (id === 'topUps.list')
        return {
          content: [
            {
              transactionId: 'TXN-0001',
              merchantName: 'Globex Trading',
              transferRefNumber: 'REF-9',
              collectionMode: 'BANK_TRANSFER',
              bank: null,
              currency: 'USD',
              amount: '500',
              account: null,
              dateOfRequest: '2026-11-20T09:00:00.000Z',
              sourceOfIncome: null,
              purposeOfTransaction: null,
              createdBy: 'Omar Rahman',
              authorizedBy: 'Sam Checker',
              authirizedAt: '2026-11-20T10:00:00.000Z',
              remarks: null,
              country: null,
              walletBalance: '8000',
              status: 'COMPLETED',
            },
          ],
          page: 0,
          size: 10,
          totalElements: 1,
          totalPages: 1,
        };
      return undefined;
    });
    await renderDetail('TSP', 'TOP_UP');
    await screen.findByTestId('top-up-details');
    await waitFor(() => expect(document.querySelector('[data-field="authorizedBy"]')?.textContent).toBe('Sam Checker'));
    expect(document.querySelector('[data-field="merchantName"]')?.textContent).toBe('Globex Trading');
    expect(screen.getByTestId('transaction-receipt-link').getAttribute('href')).toBe(
      '/service-provider/transactions/service-provider/top-ups/TXN-0001/receipt',
    );
  });

  it('lets the TSP comment, edit and delete its own comments through the comment call, then reads the thread again', async () => {
    const call = stubApi((id) => (id === 'spMerchantTransactions.details' ? details() : id === 'spTransactions.comment' ? COMMENTS[0] : undefined));
    await renderDetail('TSP');
    fireEvent.change(await screen.findByTestId('comment-input'), { target: { value: '  Value date moved  ' } });
    fireEvent.click(screen.getByTestId('comment-send'));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('spTransactions.comment', { path: { transactionId: 'TXN-0001' }, body: { content: 'Value date moved' } }),
    );
    // Only the signed-in user's own comment offers edit and delete.
    expect(screen.getAllByTestId('comment-delete')).toHaveLength(1);
    // The thread is busy until the new comment has been sent and the thread read again.
    await waitFor(() => expect((screen.getByTestId('comment-delete') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('comment-delete'));
    await waitFor(() =>
      expect(call).toHaveBeenCalledWith('spTransactions.comment', { path: { transactionId: 'TXN-0001' }, body: { commentId: 'c-1', deleted: true } }),
    );
    expect(call.mock.calls.filter(([id]) => id === 'spMerchantTransactions.details').length).toBeGreaterThanOrEqual(3);
  });

  it('the TSP the cancellation was asked of approves it from the page; its requester and other TSPs get no buttons', async () => {
    // The signed-in TSP user's organisation (m-1) is the transfer's target side, as the server lets either side decide.
    const requested = (over: { createdBy?: { id: string; name: string }; serviceProviderId?: string } = {}) => ({
      ...details({ status: 'COMPLETED', serviceProviderId: over.serviceProviderId ?? 'sp-1', targetSPId: over.serviceProviderId ?? 'm-1' }),
      cancellation: {
        cancellationId: 'can-1',
        mainTransactionId: 'TXN-0001',
        status: 'REQUESTED',
        success: null,
        reason: 'Duplicate deal',
        cancellationDate: '2026-11-20',
        cancelledBy: null,
        serviceProviderId: over.serviceProviderId ?? 'm-1',
        cancelledOn: null,
        createdAt: '2026-11-20T11:00:00.000Z',
        createdBy: over.createdBy ?? { id: 'u-7', name: 'Omar Rahman' },
      },
    });
    let answer: unknown = requested();
    const call = stubApi((id) => (id === 'spMerchantTransactions.details' ? answer : id === 'cancellations.spApprove' ? {} : undefined));
    const view = await renderDetail('TSP');
    const panel = await screen.findByTestId('transaction-cancellation');
    expect(panel.textContent).toContain('Omar Rahman');
    fireEvent.click(within(panel).getByTestId('cancellation-approve'));
    fireEvent.click(await screen.findByTestId('cancellation-approve-confirm'));
    await waitFor(() => expect(call).toHaveBeenCalledWith('cancellations.spApprove', { body: { cancellationId: 'can-1', status: 'APPROVED' } }));
    view.unmount();
    await clearLocalData('u-1');

    // Asked by this user (four eyes), or of another TSP: nothing to decide here.
    for (const over of [{ createdBy: { id: 'u-1', name: 'Me' } }, { serviceProviderId: 'other-tsp' }]) {
      answer = requested(over);
      const again = await renderDetail('TSP');
      await screen.findByTestId('transaction-cancellation');
      expect(screen.queryByTestId('cancellation-decision')).toBeNull();
      again.unmount();
      await clearLocalData('u-1');
    }
  });

  it('offline with nothing saved says the transaction is not on this device', async () => {
    stubApi(() => {
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' });
    });
    await renderDetail();
    await waitFor(() => expect(screen.getByTestId('transaction-detail-missing').textContent).toContain('not saved on this device'));
  });
});
