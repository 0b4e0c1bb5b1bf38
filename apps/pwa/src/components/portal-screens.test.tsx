import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession } from '@/test/fake-session.ts';
import type { AppRouter } from '../app-router.tsx';
import { createPortalRouter, ROUTER_RELOAD_DELAY_MS } from '@/lib/portal-router.ts';
import { PortalScreens } from './portal-screens.tsx';

/** A router with the login page and the merchant's wallet list, whose loader answers when the test says so. */
function tinyRouter(path: string) {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const root = createRootRoute({ component: () => <Outlet /> });
  const login = createRoute({ getParentRoute: () => root, path: '/login', component: () => <p>router login</p> });
  const wallets = createRoute({
    getParentRoute: () => root,
    path: '/merchant/wallet/',
    loader: () => answered,
    component: () => <p>wallet rows</p>,
  });
  const payments = createRoute({ getParentRoute: () => root, path: '/merchant/payments', component: () => <p>payments</p> });
  const router = createRouter({ routeTree: root.addChildren([login, wallets, payments]), history: createMemoryHistory({ initialEntries: [path] }) });
  return { router, answer };
}

/** The router module as the entry imports it, around that router; `fail` first loads that fail. */
function routerModule(router: ReturnType<typeof tinyRouter>['router'], fail = 0) {
  let calls = 0;
  const importRouter = vi.fn(() => {
    calls += 1;
    if (calls <= fail) return Promise.reject(new Error('chunk unreachable'));
    return Promise.resolve({
      createAppRouter: () => router as unknown as AppRouter,
      AppRouterRoot: ({ router: given }: { router: AppRouter }) => <RouterProvider router={given} />,
    });
  });
  return importRouter;
}

const form = <form data-testid="login-form" />;

afterEach(() => vi.useRealTimers());

describe('the portal before and after its router (a first visit to the login page)', () => {
  it('shows the form without the router, and loads it only when asked', () => {
    const { router } = tinyRouter('/login');
    const importRouter = routerModule(router);
    const { session } = fakeSession();
    const portal = createPortalRouter(() => session, true, importRouter);
    render(<PortalScreens portal={portal} login={form} />);
    expect(screen.getByTestId('login-form')).toBeTruthy();
    expect(screen.queryByTestId('portal-screens')).toBeNull();
    expect(importRouter).not.toHaveBeenCalled();
    expect(portal.pathname()).toBe(window.location.pathname);
  });

  it("opens the sign-in's target behind the form, changes the address when it can show, then shows it alone", async () => {
    const { router, answer } = tinyRouter('/login');
    const importRouter = routerModule(router);
    const { session } = fakeSession();
    const portal = createPortalRouter(() => session, true, importRouter);
    render(<PortalScreens portal={portal} login={form} />);

    act(() => portal.navigate({ to: '/merchant/wallet/', replace: true }));
    await waitFor(() => expect(importRouter).toHaveBeenCalledTimes(1));
    // The target's data has not answered: the form stays, the address too.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('login-form')).toBeTruthy();
    expect(router.history.location.pathname).toBe('/login');

    await act(async () => answer());
    await screen.findByText('wallet rows');
    await waitFor(() => expect(screen.queryByTestId('login-form')).toBeNull());
    expect(screen.getByTestId('portal-screens').style.display).toBe('contents');
    expect(router.history.location.pathname).toMatch(/^\/merchant\/wallet\/?$/);
    // Replaced, not pushed: Back does not return to the form.
    expect(router.history.length).toBe(1);
    expect(portal.pathname()).toMatch(/^\/merchant\/wallet\/?$/);
    expect(screen.queryByText('router login')).toBeNull();

    // The next navigation goes through the router on the page; its code was loaded once.
    act(() => portal.navigate({ to: '/merchant/payments' }));
    await screen.findByText('payments');
    expect(importRouter).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load of the router again after the delay, the form in front meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { router, answer } = tinyRouter('/login');
    answer();
    const importRouter = routerModule(router, 1);
    const { session } = fakeSession();
    const portal = createPortalRouter(() => session, true, importRouter);
    portal.navigate({ to: '/merchant/wallet/', replace: true });
    await vi.advanceTimersByTimeAsync(ROUTER_RELOAD_DELAY_MS - 1);
    expect(importRouter).toHaveBeenCalledTimes(1);
    expect(portal.current()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(portal.current()).not.toBeNull());
    expect(importRouter).toHaveBeenCalledTimes(2);
    expect(portal.current()?.shown).toBe(false);
    expect(router.history.location.pathname).toMatch(/^\/merchant\/wallet\/?$/);
  });

  it("a navigation to the form's own page leaves the form and the router alone", async () => {
    window.history.replaceState(null, '', '/login');
    const { router } = tinyRouter('/login');
    const importRouter = routerModule(router);
    const { session } = fakeSession();
    const portal = createPortalRouter(() => session, true, importRouter);
    render(<PortalScreens portal={portal} login={form} />);
    act(() => portal.navigate({ to: '/login', replace: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(importRouter).not.toHaveBeenCalled();
    expect(screen.getByTestId('login-form')).toBeTruthy();
    window.history.replaceState(null, '', '/');
  });

  it('a start elsewhere whose router code does not load tries again after the delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { router, answer } = tinyRouter('/merchant/payments');
    answer();
    const importRouter = routerModule(router, 2);
    const { session } = fakeSession();
    const portal = createPortalRouter(() => session, false, importRouter);
    const mounted = portal.mount();
    await vi.advanceTimersByTimeAsync(ROUTER_RELOAD_DELAY_MS);
    expect(importRouter).toHaveBeenCalledTimes(2);
    expect(portal.current()).toBeNull();
    await vi.advanceTimersByTimeAsync(ROUTER_RELOAD_DELAY_MS);
    await expect(mounted).resolves.toBe(router);
    expect(importRouter).toHaveBeenCalledTimes(3);
    expect(portal.current()?.shown).toBe(true);
  });

  it('mounts the router at once on any other start, and navigates inside it', async () => {
    const { router, answer } = tinyRouter('/merchant/payments');
    answer();
    const importRouter = routerModule(router);
    const { session } = fakeSession();
    const portal = createPortalRouter(() => session, false, importRouter);
    render(<PortalScreens portal={portal} login={null} />);
    await act(async () => {
      await portal.mount();
    });
    await screen.findByText('payments');
    expect(portal.current()?.shown).toBe(true);
    act(() => portal.navigate({ to: '/merchant/wallet/' }));
    await screen.findByText('wallet rows');
    expect(importRouter).toHaveBeenCalledTimes(1);
  });
});
