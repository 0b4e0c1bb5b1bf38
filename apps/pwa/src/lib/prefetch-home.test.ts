import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, type AnyRoute } from '@tanstack/react-router';

const loadI18n = vi.fn(() => Promise.resolve());
const preloadCallTable = vi.fn(() => Promise.resolve());
vi.mock('./translate.ts', () => ({ loadI18n: () => loadI18n() }));
vi.mock('./api-client.ts', () => ({ preloadCallTable: () => preloadCallTable() }));

const { prefetchHome, prefetchStartScreen } = await import('./prefetch-home.ts');

/** The portal's shape in small: a root, the merchant area and its wallet list, a TSP area beside it. */
function portalRouter() {
  const root = createRootRoute();
  const merchant = createRoute({ getParentRoute: () => root, path: '/merchant' });
  const wallets = createRoute({ getParentRoute: () => merchant, path: '/wallet/' });
  const sp = createRoute({ getParentRoute: () => root, path: '/sp' });
  const router = createRouter({ routeTree: root.addChildren([merchant.addChildren([wallets]), sp]), history: createMemoryHistory() });
  const loaded: string[] = [];
  vi.spyOn(router, 'loadRouteChunk').mockImplementation((route: AnyRoute) => {
    loaded.push(route.id);
    return Promise.resolve();
  });
  return { router, loaded };
}

afterEach(() => {
  vi.clearAllMocks();
});

describe('code fetched ahead of the first screen', () => {
  it("a start on a signed-in screen fetches that screen's route chunks, i18next and the call table, nothing of other areas", async () => {
    const { router, loaded } = portalRouter();
    prefetchStartScreen(router, '/merchant/wallet/');
    expect(loaded).toEqual(['__root__', '/merchant', '/merchant/wallet/']);
    expect(loadI18n).toHaveBeenCalledTimes(1);
    // The call client is itself loaded on demand (not part of the login form's code).
    await vi.waitFor(() => expect(preloadCallTable).toHaveBeenCalledTimes(1));
  });

  it("typing on the login form fetches the merchant's home once per page", async () => {
    const { router, loaded } = portalRouter();
    prefetchHome(router);
    prefetchHome(router);
    expect(loaded).toEqual(['/merchant', '/merchant/wallet/']);
    expect(loadI18n).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(preloadCallTable).toHaveBeenCalledTimes(1));
  });
});
