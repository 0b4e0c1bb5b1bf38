import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, type AnyRoute } from '@tanstack/react-router';

const loadI18n = vi.fn(() => Promise.resolve());
const preloadCallTable = vi.fn(() => Promise.resolve());
vi.mock('./translate.ts', () => ({ loadI18n: () => loadI18n() }));
vi.mock('./api-client.ts', () => ({ preloadCallTable: () => preloadCallTable() }));
const warmFormatters = vi.fn();
const warmClassMerger = vi.fn();
vi.mock('./intl-format.ts', () => ({ warmFormatters: (language: string) => warmFormatters(language) }));
vi.mock('./cn.ts', () => ({ warmClassMerger: () => warmClassMerger() }));

const { prefetchHome, prefetchStartScreen, startHomeAhead } = await import('./prefetch-home.ts');

/** The portal's shape in small: a root, the merchant area and its wallet list, a TSP area beside it. */
function portalRouter() {
  const root = createRootRoute();
  const merchant = createRoute({ getParentRoute: () => root, path: '/merchant' });
  const startAhead = vi.fn();
  const wallets = createRoute({ getParentRoute: () => merchant, path: '/wallet/', staticData: { startAhead } });
  const sp = createRoute({ getParentRoute: () => root, path: '/service-provider' });
  const spWallets = createRoute({ getParentRoute: () => sp, path: '/wallet/' });
  const router = createRouter({ routeTree: root.addChildren([merchant.addChildren([wallets]), sp.addChildren([spWallets])]), history: createMemoryHistory() });
  const loaded: string[] = [];
  vi.spyOn(router, 'loadRouteChunk').mockImplementation((route: AnyRoute) => {
    loaded.push(route.id);
    return Promise.resolve();
  });
  return { router, loaded, startAhead };
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
    // The first screen's formatters and class merger are built while the user types, once, in the page's language.
    await vi.waitFor(() => expect(warmClassMerger).toHaveBeenCalledTimes(1));
    expect(warmFormatters).toHaveBeenCalledTimes(1);
    expect(warmFormatters).toHaveBeenCalledWith('en');
  });

  it("a sign-in's token starts its merchant home's code and first answers, for the token's user", async () => {
    const { router, loaded, startAhead } = portalRouter();
    startHomeAhead(router, { userId: 'u-1', orgType: 'MERCHANT' });
    expect(loaded).toEqual(['/merchant', '/merchant/wallet/']);
    expect(startAhead).toHaveBeenCalledExactlyOnceWith('u-1');
    await vi.waitFor(() => expect(preloadCallTable).toHaveBeenCalledTimes(1));
  });

  it("a service provider's token starts its own home's code, which the typing did not guess; another kind starts nothing", () => {
    const { router, loaded, startAhead } = portalRouter();
    startHomeAhead(router, { userId: 'u-2', orgType: 'SERVICE_PROVIDER' });
    expect(loaded).toEqual(['/service-provider', '/service-provider/wallet/']);
    startHomeAhead(router, { userId: 'u-3', orgType: 'INTERNAL' });
    expect(loaded).toEqual(['/service-provider', '/service-provider/wallet/']);
    expect(startAhead).not.toHaveBeenCalled();
  });
});
