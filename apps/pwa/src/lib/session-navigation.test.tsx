import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { navigateForSession } from './session-navigation.ts';

async function settle() {
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
}

describe('navigations asked by the session', () => {
  it('403: renders the forbidden route while the address stays on the refused URL', async () => {
    const { router } = await renderInRouter(() => <p>page</p>, '/merchant/wallet');
    navigateForSession(router, { to: '/error/forbidden', search: { traceId: 'abc' }, maskCurrentUrl: true });
    await settle();
    expect(router.state.location.pathname).toBe('/error/forbidden');
    expect(router.state.location.search).toEqual({ traceId: 'abc' });
    expect(router.history.location.pathname).toBe('/merchant/wallet');
  });

  it('other navigations change the address', async () => {
    const { router } = await renderInRouter(() => <p>page</p>, '/login');
    navigateForSession(router, { to: '/merchant/wallet', replace: true });
    await settle();
    expect(router.state.location.pathname).toBe('/merchant/wallet');
    expect(router.history.location.pathname).toBe('/merchant/wallet');
  });
});
