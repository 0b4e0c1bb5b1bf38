import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TooltipProvider } from '@/components/ui/tooltip.tsx';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { MERCHANT_MENU } from './menus.ts';
import { NavMenu } from './nav-menu.tsx';

function renderMenu(pathname: string, collapsed = false) {
  return renderInRouter(
    () => (
      <TooltipProvider>
        <NavMenu menu={MERCHANT_MENU} pathname={pathname} collapsed={collapsed} />
      </TooltipProvider>
    ),
    pathname,
  );
}

describe('navigation menu (spec 1, section 2 "Layout and navigation")', () => {
  it('a group opens by default when the current route matches one of its children', async () => {
    await renderMenu('/merchant/transactions/top-ups');
    expect(screen.getByTestId('menu-group-transactions').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('menu-item-merchant-transactions-top-ups').getAttribute('aria-current')).toBe('page');
    expect(screen.queryByTestId('menu-item-merchant-rates-settlement-rates')).toBeNull();
  });

  it('only one group with a sub-menu stays open at a time', async () => {
    await renderMenu('/merchant/transactions/top-ups');
    fireEvent.click(screen.getByTestId('menu-group-rates'));
    expect(screen.getByTestId('menu-group-rates').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('menu-group-transactions').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('menu-item-merchant-transactions-top-ups')).toBeNull();
    expect(screen.getByTestId('menu-item-merchant-rates-merchant-markup')).toBeTruthy();
    fireEvent.click(screen.getByTestId('menu-group-rates'));
    expect(screen.queryByTestId('menu-item-merchant-rates-merchant-markup')).toBeNull();
  });

  it('picking an entry navigates to its path', async () => {
    const { router } = await renderMenu('/merchant/wallet');
    await act(async () => {
      fireEvent.click(screen.getByTestId('menu-item-merchant-beneficiaries'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(router.state.location.pathname).toBe('/merchant/beneficiaries');
  });

  it('collapsed: labels hidden, sub-menus closed, tooltips on first-level items', async () => {
    await renderMenu('/merchant/transactions/top-ups', true);
    expect(screen.getByTestId('menu-group-transactions').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('menu-item-merchant-transactions-top-ups')).toBeNull();
    const wallet = screen.getByTestId('menu-item-merchant-wallet');
    expect(wallet.querySelector('.sr-only')?.textContent).toBe('Wallet');
    // Radix marks tooltip triggers with data-state.
    expect(wallet.getAttribute('data-state')).toBe('closed');
  });
});
