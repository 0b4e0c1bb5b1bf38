import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it, vi } from 'vitest';
import { renderSignedIn, startedSession } from '@/test/signed-in.tsx';
import { AppLayout } from './app-layout.tsx';
import { NAV_COLLAPSED_COOKIE_NAME } from '@corridor/domain';

const calls: { id: string; input: unknown }[] = [];
const network = { up: true };

vi.mock('@/lib/api-client.ts', async () => {
  const { ApiError } = await import('@corridor/api');
  return {
    api: {
      call: (id: string, input: unknown) => {
        calls.push({ id, input });
        return network.up
          ? Promise.resolve({ id: 'm-1', name: 'Globex Trading' })
          : Promise.reject(new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' }));
      },
    },
  };
});

async function renderLayout() {
  const { session } = await startedSession({ token: 'jwt' });
  return renderSignedIn(session, () => <AppLayout area="MERCHANT" renderDialogs={() => null} />, '/merchant/wallet');
}

describe('layout (spec 1, section 2)', () => {
  it('shows the merchant menu and the company loaded through parentId', async () => {
    await renderLayout();
    expect(screen.getByTestId('menu-item-merchant-wallet')).toBeTruthy();
    expect((await screen.findByTestId('company-name')).textContent).toBe('Globex Trading');
    expect(calls).toContainEqual({ id: 'merchantServices.byId', input: { path: { id: 'm-1' } } });
  });

  it('still names the company offline, from what the device kept', async () => {
    const online = await renderLayout();
    expect((await screen.findByTestId('company-name')).textContent).toBe('Globex Trading');
    online.unmount();
    network.up = false;
    try {
      await renderLayout();
      await waitFor(() => expect(screen.getByTestId('company-name').textContent).toBe('Globex Trading'));
      expect(calls.filter((c) => !c.id.startsWith('notifications.')).at(-1)?.id).toBe('merchantServices.byId');
    } finally {
      network.up = true;
    }
  });

  it('collapses to 5rem, remembers it in a cookie and restores it when true', async () => {
    const first = await renderLayout();
    const nav = screen.getByTestId('nav');
    expect(nav.style.width).toBe('18rem');
    fireEvent.click(screen.getByTestId('nav-toggle'));
    expect(nav.style.width).toBe('5rem');
    expect(Cookies.get(NAV_COLLAPSED_COOKIE_NAME)).toBe('true');
    first.unmount();
    await renderLayout();
    expect(screen.getByTestId('nav').style.width).toBe('5rem');
  });
});
