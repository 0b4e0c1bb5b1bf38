import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLocalData } from '@/lib/local-first/local-db.ts';
import { stopOutbox } from '@/lib/outbox/outbox-session.ts';
import { enqueue, listOutbox } from '@/lib/outbox/outbox-store.ts';
import { merchantUser } from '@/test/fake-session.ts';
import { renderSignedIn, startedSession } from '@/test/signed-in.tsx';
import { AppLayout } from './app-layout.tsx';

// The server is out of reach for payments: the queued drafts stay on the device.
vi.mock('@/lib/api-client.ts', async () => {
  const { ApiError } = await import('@corridor/api');
  return {
    api: {
      call: (id: string) =>
        id === 'merchantServices.byId'
          ? Promise.resolve({ id: 'm-1', name: 'Globex Trading' })
          : Promise.reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' })),
    },
  };
});

const USER = merchantUser.id;
const body = (draftId: string) => ({ draftId, walletId: 'w-aed', sendAmount: { amount: '10.00', currency: 'AED' } });

afterEach(async () => {
  await stopOutbox();
  await clearLocalData(USER);
});

async function renderLayout() {
  await enqueue({ id: 'd-1', userId: USER, kind: 'payment', body: body('d-1') });
  await enqueue({ id: 'd-2', userId: USER, kind: 'draft', body: body('d-2') });
  const { session, logins } = await startedSession({ token: 'jwt', hasUnsentWork: () => true });
  await renderSignedIn(session, () => <AppLayout area="MERCHANT" renderDialogs={() => null} />, '/merchant/wallet');
  return { session, logins };
}

describe('the session and the payments waiting on the device', { timeout: 20_000 }, () => {
  it('a 401 asks the same user to sign in again over the screen, keeps the payments, and carries on after', async () => {
    const { session, logins } = await renderLayout();
    act(() => session.send({ type: 'HTTP_ERROR', error: { status: 401, code: 'UNAUTHORIZED', message: 'expired' } }));
    const dialog = await screen.findByTestId('sign-in-again');
    await waitFor(() => expect(dialog.textContent).toContain('2 payments wait on this device'));
    expect(session.getSnapshot().matches('authenticated')).toBe(true);
    fireEvent.change(screen.getByTestId('sign-in-again-password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByTestId('sign-in-again-submit'));
    await waitFor(() => expect(screen.queryByTestId('sign-in-again')).toBeNull());
    expect(logins).toEqual([{ digit9Id: merchantUser.digit9Id, password: 'secret' }]);
    expect((await listOutbox(USER)).map((item) => item.id)).toEqual(['d-1', 'd-2']);
  });

  it('the header badge opens sync health; logging out asks first and says how many would be lost', async () => {
    const { session } = await renderLayout();
    fireEvent.click(await screen.findByTestId('sync-badge-open'));
    expect((await screen.findByTestId('sync-queue-depth')).textContent).toBe('2');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    act(() => session.send({ type: 'HTTP_ERROR', error: { status: 401, code: 'UNAUTHORIZED', message: 'expired' } }));
    fireEvent.click(await screen.findByTestId('sign-in-again-logout'));
    const confirm = await screen.findByTestId('logout-confirm');
    expect(confirm.textContent).toContain('2 payments made on this device have not reached the server');
    fireEvent.click(screen.getByTestId('logout-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('logout-confirm')).toBeNull());
    expect(session.getSnapshot().matches('loggingOut')).toBe(false);
    expect(await listOutbox(USER)).toHaveLength(2);
  });
});
