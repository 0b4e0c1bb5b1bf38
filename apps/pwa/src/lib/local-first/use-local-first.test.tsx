import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@corridor/api';
import { SessionProvider } from '../session-context.tsx';
import { fakeSession } from '../../test/fake-session.ts';
import { useLocalFirst } from './use-local-first.ts';
import { CachedAge } from './cached-age.tsx';
import { localDbFor, readCached, writeCachedAll } from './local-db.ts';
import { fetchEarly } from './early-fetch.ts';

function Probe({ fetch, cacheKeyName }: { fetch: () => Promise<string[]>; cacheKeyName: string }) {
  const state = useLocalFirst({ key: cacheKeyName, fetch, store: 'wallets' });
  return (
    <div>
      <span data-testid="data">{state.data ? state.data.join(',') : 'none'}</span>
      <span data-testid="error">{state.error instanceof ApiError ? state.error.code : 'no-error'}</span>
      <CachedAge updatedAt={state.updatedAt} offline={state.offline} refreshing={state.refreshing} />
      <button type="button" onClick={() => void state.refresh()}>
        refresh
      </button>
    </div>
  );
}

async function renderProbe(fetch: () => Promise<string[]>, key: string) {
  const { session } = fakeSession({ token: 't' });
  session.start();
  await waitFor(() => expect(session.getSnapshot().context.user).not.toBeNull());
  return render(
    <SessionProvider session={session}>
      <Probe fetch={fetch} cacheKeyName={key} />
    </SessionProvider>,
  );
}

const networkDown = () => Promise.reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' }));

describe('useLocalFirst', () => {
  it("takes the answer its route's loader started instead of asking again, then asks itself on refresh", async () => {
    const early = vi.fn(() => Promise.resolve(['started by the loader']));
    fetchEarly('u-1', 'k-early', early);
    const own = vi.fn(() => Promise.resolve(['asked by the screen']));
    await renderProbe(own, 'k-early');
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('started by the loader'));
    expect(early).toHaveBeenCalledTimes(1);
    expect(own).not.toHaveBeenCalled();
    // Shown as soon as answered, stored just after.
    await waitFor(async () => expect((await readCached<string[]>('u-1', 'wallets', 'k-early'))?.data).toEqual(['started by the loader']));
    act(() => screen.getByText('refresh').click());
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('asked by the screen'));
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('never takes an answer started for another user', async () => {
    fetchEarly('someone-else', 'k-early-other', () => Promise.resolve(['not yours']));
    const own = vi.fn(() => Promise.resolve(['yours']));
    await renderProbe(own, 'k-early-other');
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('yours'));
    expect(own).toHaveBeenCalledTimes(1);
  });

  it('shows the network answer, stores it with its time, and says how old it is', async () => {
    const fetch = vi.fn(() => Promise.resolve(['USD wallet', 'EUR wallet']));
    await renderProbe(fetch, 'k-online');
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('USD wallet,EUR wallet'));
    expect(fetch).toHaveBeenCalledTimes(1);
    // Shown as soon as answered, stored just after.
    const stored = await waitFor(async () => {
      const found = await readCached<string[]>('u-1', 'wallets', 'k-online');
      expect(found?.data).toEqual(['USD wallet', 'EUR wallet']);
      return found;
    });
    expect(Date.now() - (stored?.fetchedAt ?? 0)).toBeLessThan(5_000);
    await waitFor(() => expect(screen.getByTestId('cached-age').textContent).toMatch(/^Updated \d+ seconds? ago$/));
    expect(screen.getByTestId('cached-age').dataset.offline).toBe('false');
  });

  it('keeps showing the stored answer, marked offline, when the network gives no answer', async () => {
    const first = await renderProbe(() => Promise.resolve(['cached wallet']), 'k-offline');
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('cached wallet'));
    first.unmount();

    await renderProbe(networkDown, 'k-offline');
    await waitFor(() => expect(screen.getByTestId('cached-age').dataset.offline).toBe('true'));
    // The stored answer arrives from IndexedDB, possibly after the failed refresh.
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('cached wallet'));
    expect(screen.getByTestId('cached-age').textContent).toMatch(/^Offline: showing data from \d+ seconds? ago$/);
    expect(screen.getByTestId('error').textContent).toBe('no-error');
  });

  it('reports a server refusal as an error and keeps the stored answer', async () => {
    const first = await renderProbe(() => Promise.resolve(['kept']), 'k-refused');
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('kept'));
    first.unmount();

    await renderProbe(() => Promise.reject(new ApiError({ status: 500, code: 'INTERNAL_ERROR', message: 'boom' })), 'k-refused');
    await waitFor(() => expect(screen.getByTestId('error').textContent).toBe('INTERNAL_ERROR'));
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('kept'));
    expect(screen.getByTestId('cached-age').dataset.offline).toBe('false');
  });

  it('stores the entries derived from an answer under their own keys, with the same time', async () => {
    const { session } = fakeSession({ token: 't' });
    session.start();
    await waitFor(() => expect(session.getSnapshot().context.user).not.toBeNull());
    function ListProbe() {
      const state = useLocalFirst({
        key: 'k-list',
        store: 'wallets',
        fetch: () => Promise.resolve(['w1', 'w2']),
        derived: (ids) => ids.map((id) => ({ store: 'positions' as const, key: `k-detail-${id}`, data: { id } })),
      });
      return <span data-testid="data">{state.data ? state.data.join(',') : 'none'}</span>;
    }
    render(
      <SessionProvider session={session}>
        <ListProbe />
      </SessionProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('w1,w2'));
    // The rows show as soon as they are answered; their storing may finish just after.
    const detail = await waitFor(async () => {
      const stored = await readCached<{ id: string }>('u-1', 'positions', 'k-detail-w2');
      expect(stored?.data).toEqual({ id: 'w2' });
      return stored;
    });
    const list = await readCached<string[]>('u-1', 'wallets', 'k-list');
    expect(detail?.fetchedAt).toBe(list?.fetchedAt);
    expect(await readCached('u-1', 'wallets', 'k-detail-w2')).toBeNull();
  });

  it('never shows an empty screen between the first answer and its storing: loading, then the rows', async () => {
    const seen: string[] = [];
    function Recorder() {
      const state = useLocalFirst({ key: 'k-no-flash', fetch: () => Promise.resolve(['first row']), store: 'wallets' });
      const now = state.loading ? 'loading' : state.data ? 'rows' : 'empty';
      if (seen.at(-1) !== now) seen.push(now);
      return null;
    }
    const { session } = fakeSession({ token: 't' });
    session.start();
    await waitFor(() => expect(session.getSnapshot().context.user).not.toBeNull());
    render(
      <SessionProvider session={session}>
        <Recorder />
      </SessionProvider>,
    );
    await waitFor(() => expect(seen.at(-1)).toBe('rows'));
    await waitFor(async () => expect((await readCached('u-1', 'wallets', 'k-no-flash'))?.data).toEqual(['first row']));
    expect(seen).toEqual(['loading', 'rows']);
  });

  it('tries a refresh that got no answer again by itself, while online, and shows the answer when it comes', async () => {
    let calls = 0;
    const fetch = () => (++calls === 1 ? networkDown() : Promise.resolve(['late wallet']));
    await renderProbe(fetch, 'k-retry');
    await waitFor(() => expect(screen.getByTestId('cached-age').dataset.offline).toBe('true'));
    expect(screen.getByTestId('data').textContent).toBe('none');
    // The first retry waits LOCAL_FIRST_RETRY_MS[0] (2 s).
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('late wallet'), { timeout: 4_000 });
    expect(calls).toBe(2);
  });

  it('with nothing stored and no network, says so', async () => {
    await renderProbe(networkDown, 'k-empty');
    await waitFor(() => expect(screen.getByTestId('cached-age').textContent).toBe('Offline: nothing saved on this device yet'));
    expect(screen.getByTestId('data').textContent).toBe('none');
  });

  it('refreshes again when the browser comes back online and when the window regains focus', async () => {
    let n = 0;
    const fetch = vi.fn(() => Promise.resolve([`answer ${++n}`]));
    await renderProbe(fetch, 'k-wake');
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('answer 1'));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('answer 2'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('answer 3'));
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it("shows the server's answer when the device cannot store it (storage full), with no error, over an older stored row", async () => {
    await writeCachedAll('u-1', [{ store: 'wallets', key: 'k-quota', data: ['stored before'] }], 1000);
    const db = localDbFor('u-1');
    const quotaExceeded = () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const full = vi.spyOn(db, 'transaction').mockImplementation(quotaExceeded as unknown as typeof db.transaction);
    try {
      await renderProbe(() => Promise.resolve(['answered, not stored']), 'k-quota');
      await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('answered, not stored'));
      await waitFor(() => expect(full).toHaveBeenCalled());
      expect(screen.getByTestId('error').textContent).toBe('no-error');
      expect(screen.getByTestId('cached-age').dataset.offline).toBe('false');
    } finally {
      full.mockRestore();
    }
    expect((await readCached<string[]>('u-1', 'wallets', 'k-quota'))?.data).toEqual(['stored before']);
  });
});
