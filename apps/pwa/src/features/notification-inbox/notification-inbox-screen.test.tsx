import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, type NotificationItem } from '@corridor/api';
import { api } from '@/lib/api-client.ts';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession } from '@/test/fake-session.ts';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { NotificationInboxScreen } from './notification-inbox-screen.tsx';

function item(id: string, over: Partial<NotificationItem>): NotificationItem {
  return {
    id,
    kind: 'PAYMENT_FAILED',
    subjectType: 'PAYMENT',
    subjectId: `PAY-${id}`,
    params: { reference: `PAY-${id}`, amount: '120.00', currency: 'USD', reason: 'Beneficiary account closed' },
    message: '',
    personal: false,
    read: false,
    readAt: null,
    createdAt: '2026-12-01T10:00:00Z',
    ...over,
  };
}

const ITEMS = [
  item('n3', {
    kind: 'TOP_UP_AWAITING_APPROVAL',
    subjectType: 'TOP_UP',
    subjectId: 'TXN-9',
    params: { reference: 'TXN-9', amount: '500', currency: 'AED' },
    createdAt: '2026-12-01T12:00:00Z',
  }),
  item('n2', {}),
  item('n1', {
    kind: 'BANK_CREDIT',
    subjectType: 'WALLET',
    subjectId: 'w-7',
    params: { amount: '75.25', currency: 'USD', wallet: 'Globex USD' },
    read: true,
    readAt: '2026-12-01T09:00:00Z',
    createdAt: '2026-12-01T08:00:00Z',
  }),
];

/** The server: the list as it stands, mark read changing it, or a dead network. */
function stubApi(online: boolean) {
  const read = new Set(ITEMS.filter((n) => n.read).map((n) => n.id));
  return vi.spyOn(api, 'call').mockImplementation((async (id: string, input?: { path?: { id: string } }) => {
    if (!online) throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' });
    const content = ITEMS.map((n) => ({ ...n, read: read.has(n.id) }));
    if (id === 'notifications.list') return { content, page: 0, size: 30, totalElements: content.length, totalPages: 1 };
    if (id === 'notifications.unreadCount') return { unread: content.filter((n) => !n.read).length };
    if (id === 'notifications.markRead') {
      read.add(input?.path?.id ?? '');
      return { ...ITEMS.find((n) => n.id === input?.path?.id), read: true };
    }
    if (id === 'notifications.markAllRead') {
      for (const n of ITEMS) read.add(n.id);
      return { marked: 2, unread: 0 };
    }
    throw new Error(`unexpected call ${id}`);
  }) as never);
}

async function renderInbox(area: 'MERCHANT' | 'SERVICE_PROVIDER') {
  const { session } = fakeSession({ token: 't' });
  session.start();
  await waitFor(() => expect(session.getSnapshot().context.user).not.toBeNull());
  return renderInRouter(() => (
    <SessionProvider session={session}>
      <NotificationInboxScreen area={area} />
    </SessionProvider>
  ));
}

afterEach(async () => {
  vi.restoreAllMocks();
  await clearLocalData('u-1');
});

describe('NotificationInboxScreen', () => {
  it('lists notifications newest first, unread ones emphasised, each leading to what it is about', async () => {
    stubApi(true);
    await renderInbox('SERVICE_PROVIDER');
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(3));
    const rows = screen.getAllByTestId('notification-row');
    expect(rows.map((r) => r.dataset.read)).toEqual(['false', 'false', 'true']);
    const plain = (el: HTMLElement | undefined) => el?.textContent?.replace(/[\u2068\u2069]/g, '');
    expect(plain(rows[0])).toContain('Top-up TXN-9 of 500 AED is waiting for your approval.');
    expect(plain(rows[1])).toContain('Payment PAY-n2 of 120.00 USD failed: Beneficiary account closed');
    const links = screen.getAllByTestId('notification-link').map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/service-provider/transaction-authorization/service-provider/top-ups/list/pending',
      '/service-provider/transactions/payments/PAY-n2',
      '/service-provider/wallet/merchant/w-7',
    ]);
    expect(within(rows[2] as HTMLElement).queryByTestId('notification-mark-read')).toBeNull();
    expect(screen.getByTestId('page-header').textContent).toContain('2');
  });

  it('marks one read, then all, on the server and shows them read', async () => {
    const calls = stubApi(true);
    await renderInbox('MERCHANT');
    await waitFor(() => expect(screen.getAllByTestId('notification-mark-read')).toHaveLength(2));
    fireEvent.click(screen.getAllByTestId('notification-mark-read')[1] as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId('notification-row').map((r) => r.dataset.read)).toEqual(['false', 'true', 'true']));
    expect(calls).toHaveBeenCalledWith('notifications.markRead', { path: { id: 'n2' } });
    // The first mark is done (its refresh too) before the next action is offered.
    await waitFor(() => expect((screen.getByTestId('notification-mark-all') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('notification-mark-all'));
    await waitFor(() => expect(screen.getAllByTestId('notification-row').every((r) => r.dataset.read === 'true')).toBe(true));
    expect(calls).toHaveBeenCalledWith('notifications.markAllRead', {});
    expect((screen.getByTestId('notification-mark-all') as HTMLButtonElement).disabled).toBe(true);
  }, 20_000);

  it('offline shows what the device last saw with its age, and says marking read needs the network', async () => {
    const online = stubApi(true);
    const first = await renderInbox('MERCHANT');
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(3));
    first.unmount();
    online.mockRestore();
    stubApi(false);
    await renderInbox('MERCHANT');
    await waitFor(() => expect(screen.getByTestId('cached-age').dataset.offline).toBe('true'));
    await waitFor(() => expect(screen.getAllByTestId('notification-row')).toHaveLength(3));
    expect(screen.getByTestId('notification-needs-network').textContent).toContain('needs the network');
    expect(screen.getAllByTestId('notification-mark-read').every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getAllByTestId('notification-link')[0]?.getAttribute('href')).toBe('/merchant/transactions/top-ups/TXN-9');
  }, 20_000);
});
