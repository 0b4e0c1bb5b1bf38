import { useState, type ReactNode } from 'react';
import { Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Menu, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { NAV_WIDTH_COLLAPSED, NAV_WIDTH_EXPANDED } from '@corridor/domain';
import type { CurrentUser } from '@corridor/api';
import type { PortalArea } from '@corridor/state-machines';
import { AppFooter } from '@/components/app-footer.tsx';
import { BrandMark } from '@/components/brand-mark.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet.tsx';
import { cn } from '@/lib/cn.ts';
import { useIsLargeScreen } from '@/lib/media-query.ts';
import { confirmDiscardUnsent, useOutboxSender } from '@/lib/outbox/outbox-session.ts';
import { unsentCount } from '@/lib/outbox/outbox-store.ts';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { menuFor, mobileMenuFor } from './menus.ts';
import { readNavCollapsed, writeNavCollapsed } from './nav-collapsed-cookie.ts';
import { NavMenu } from './nav-menu.tsx';
import { PageTrail } from './page-trail.tsx';
import { LogoutConfirmDialog } from './logout-confirm-dialog.tsx';
import { SignInAgainDialog } from './sign-in-again-dialog.tsx';
import { SyncHealthButton } from './sync-health-button.tsx';
import { LazySyncHealthPanel } from '@/components/sync-health/lazy-sync-health-panel.tsx';
import { NotificationBell } from '@/components/notification-bell.tsx';
import { UserBlock, type AccountDialog } from './user-block.tsx';

interface AppLayoutProps {
  area: PortalArea;
  /** The account dialogs (another feature) rendered by the route that composes the layout. */
  renderDialogs: (dialog: AccountDialog | null, close: () => void) => ReactNode;
}

interface NavPartProps {
  area: PortalArea;
  pathname: string;
  user: CurrentUser | null;
  onOpenDialog: (dialog: AccountDialog) => void;
  onLogout: () => void;
}

/** The left navigation: expanded 18rem, collapsed 5rem, remembered in a cookie (spec 1, section 2). */
function SideNav({ area, pathname, user, onOpenDialog, onLogout }: NavPartProps) {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useState(readNavCollapsed);
  const menu = menuFor(area);
  const remember = (next: boolean) => {
    setCollapsed(next);
    writeNavCollapsed(next);
  };
  const CollapseIcon = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <aside
      data-testid="nav"
      aria-label={t('nav.label')}
      style={{ width: collapsed ? NAV_WIDTH_COLLAPSED : NAV_WIDTH_EXPANDED }}
      className="sticky top-0 flex h-svh shrink-0 flex-col border-e border-sidebar-border bg-sidebar transition-[width] duration-200"
    >
      <div className={cn('flex h-14 items-center gap-2 px-4', collapsed && 'justify-center px-0')}>
        <BrandMark className="text-primary" />
        {collapsed ? null : <span className="flex-1 truncate text-base font-semibold">{t('app.name')}</span>}
      </div>
      <div className={cn('px-3 pb-1', collapsed && 'flex justify-center')}>
        <Button
          variant="ghost"
          size={collapsed ? 'icon' : 'sm'}
          data-testid="nav-toggle"
          aria-pressed={collapsed}
          aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
          className={cn('text-muted-foreground', !collapsed && 'w-full justify-start')}
          onClick={() => remember(!collapsed)}
        >
          <CollapseIcon className="rtl:-scale-x-100" aria-hidden />
          {collapsed ? null : t('nav.collapse')}
        </Button>
      </div>
      {menu ? <NavMenu menu={menu} pathname={pathname} collapsed={collapsed} onExpandRequest={() => remember(false)} /> : <div className="flex-1" />}
      {user ? (
        <div className="border-t border-sidebar-border p-2">
          <UserBlock user={user} collapsed={collapsed} onOpenDialog={onOpenDialog} onLogout={onLogout} />
        </div>
      ) : null}
    </aside>
  );
}

/** Small screens: a top bar whose hamburger opens the drawer on the end side (right, left in Arabic). */
function MobileNav({ area, pathname, user, onOpenDialog, onLogout }: NavPartProps) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const menu = mobileMenuFor(area);
  return (
    <>
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-4 backdrop-blur">
        <BrandMark className="size-7 text-primary" />
        <span className="flex-1 font-semibold">{t('app.name')}</span>
        {user ? <SyncHealthButton userId={user.id} /> : null}
        {user ? <NotificationBell area={area} userId={user.id} /> : null}
        <Button variant="ghost" size="icon" data-testid="nav-drawer-open" aria-label={t('nav.openMenu')} onClick={() => setOpen(true)}>
          <Menu aria-hidden />
        </Button>
      </header>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent side="end" closeLabel={t('notification.close')} className="gap-0 bg-sidebar p-0" data-testid="nav-drawer" dir={i18n.dir()}>
          <SheetHeader className="border-b">
            <SheetTitle>{t('nav.menu')}</SheetTitle>
            <SheetDescription className="sr-only">{t('nav.label')}</SheetDescription>
          </SheetHeader>
          {menu ? <NavMenu menu={menu} pathname={pathname} collapsed={false} onNavigate={() => setOpen(false)} /> : null}
          {user ? (
            <div className="border-t border-sidebar-border p-2">
              {/* On a phone the user block carries the same sync facts as the header's panel. */}
              <div className="px-2 pb-2" data-testid="user-block-sync">
                <LazySyncHealthPanel userId={user.id} />
              </div>
              <UserBlock
                user={user}
                collapsed={false}
                onOpenDialog={(dialog) => {
                  setOpen(false);
                  onOpenDialog(dialog);
                }}
                onLogout={onLogout}
              />
            </div>
          ) : null}
        </SheetContent>
      </Sheet>
    </>
  );
}

/** The area layout (spec 1, section 2 "Layout and navigation"). */
export function AppLayout({ area, renderDialogs }: AppLayoutProps) {
  const router = useRouter();
  const pathname = useLocation({ select: (l) => l.pathname });
  const user = useCurrentUser();
  // Payments queued on this device go to the server while the user is signed in (any screen).
  useOutboxSender(user?.id);
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const [dialogPath, setDialogPath] = useState(pathname);
  if (dialogPath !== pathname) {
    // Modals auto-close on navigation (spec 1, section 9).
    setDialogPath(pathname);
    setDialog(null);
  }
  // A logout with unsent payments asks first, saying how many would be lost.
  const [losing, setLosing] = useState<number | null>(null);
  const leave = () => {
    confirmDiscardUnsent();
    setLosing(null);
    void router.navigate({ to: '/logout' });
  };
  const logout = async () => {
    const count = user ? await unsentCount(user.id).catch(() => 0) : 0;
    if (count > 0) setLosing(count);
    else leave();
  };
  // One navigation in the DOM at a time, so each menu entry is found once.
  const large = useIsLargeScreen();
  const navProps: NavPartProps = {
    area,
    pathname,
    user,
    onOpenDialog: setDialog,
    onLogout: () => void logout(),
  };

  return (
    <div className="flex min-h-svh bg-background">
      {large ? <SideNav {...navProps} /> : null}
      <div className="flex min-w-0 flex-1 flex-col">
        {large ? (
          <header className="sticky top-0 z-30 flex h-14 items-center gap-4 border-b bg-background/95 px-8 backdrop-blur">
            <div className="min-w-0 flex-1">
              <PageTrail area={area} pathname={pathname} />
            </div>
            {user ? <SyncHealthButton userId={user.id} /> : null}
            {user ? <NotificationBell area={area} userId={user.id} /> : null}
          </header>
        ) : (
          <MobileNav {...navProps} />
        )}
        <main className="flex-1 p-4 md:p-6 lg:p-8">
          <Outlet />
        </main>
        <AppFooter />
      </div>
      {renderDialogs(dialog, () => setDialog(null))}
      <SignInAgainDialog onLogout={() => void logout()} />
      {losing !== null && <LogoutConfirmDialog count={losing} onConfirm={leave} onCancel={() => setLosing(null)} />}
    </div>
  );
}
