import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { toggleMenuGroup } from '@corridor/domain';
import { AppLink } from '@/components/app-link.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip.tsx';
import { cn } from '@/lib/cn.ts';
import { groupForPath, matchesPath, menuTestId, type AreaMenu, type MenuItem } from './menus.ts';

interface NavMenuProps {
  menu: AreaMenu;
  pathname: string;
  collapsed: boolean;
  /** A collapsed menu asks to expand when a group is picked, so its sub-menu can show. */
  onExpandRequest?: () => void;
  /** Called when an entry is picked (the drawer closes). */
  onNavigate?: () => void;
}

const itemClass =
  'flex h-9 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/80 transition-colors hover:bg-sidebar-accent hover:text-sidebar-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function FirstLevelTooltip({ show, label, children }: { show: boolean; label: string; children: ReactElement }) {
  if (!show) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}

function LeafItem({ item, pathname, collapsed, onNavigate }: { item: MenuItem; pathname: string; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const path = item.path ?? '/';
  const active = matchesPath(pathname, path);
  const Icon = item.icon;
  return (
    <FirstLevelTooltip show={collapsed && item.level === 1} label={t(item.name)}>
      <AppLink
        href={path}
        data-testid={menuTestId(item)}
        aria-current={active ? 'page' : undefined}
        onClick={() => onNavigate?.()}
        className={cn(
          itemClass,
          item.level === 2 && 'h-8 ps-10 font-normal',
          collapsed && 'justify-center px-0',
          active && 'bg-sidebar-accent text-sidebar-foreground',
          active && item.level === 2 && 'font-medium',
        )}
      >
        {Icon ? <Icon className="size-4 shrink-0" aria-hidden /> : null}
        <span className={cn('truncate', collapsed && 'sr-only')}>{t(item.name)}</span>
      </AppLink>
    </FirstLevelTooltip>
  );
}

/**
 * The area menu (spec 1, section 2): one open group at a time, the group of the current route
 * open by default, tooltips on first-level items only while collapsed.
 */
export function NavMenu({ menu, pathname, collapsed, onExpandRequest, onNavigate }: NavMenuProps) {
  const { t } = useTranslation();
  const routeGroup = groupForPath(menu, pathname);
  // `undefined` = the user has not chosen: follow the route.
  const [chosenGroup, setChosenGroup] = useState<string | null | undefined>(undefined);
  const [chosenFor, setChosenFor] = useState(pathname);
  if (chosenFor !== pathname) {
    // A new route re-opens its own group.
    setChosenFor(pathname);
    setChosenGroup(undefined);
  }
  const openGroup = chosenGroup === undefined ? routeGroup : chosenGroup;

  const renderItem = (item: MenuItem) => {
    if (!item.children) {
      return (
        <li key={item.id}>
          <LeafItem item={item} pathname={pathname} collapsed={collapsed} onNavigate={onNavigate} />
        </li>
      );
    }
    const open = !collapsed && openGroup === item.id;
    const Icon = item.icon;
    const childActive = routeGroup === item.id || item.basePath === pathname;
    const toggle = () => {
      if (collapsed) {
        onExpandRequest?.();
        setChosenGroup(item.id);
        return;
      }
      setChosenGroup(toggleMenuGroup(open ? item.id : null, item.id));
    };
    const header = (
      <button
        type="button"
        data-testid={menuTestId(item)}
        aria-expanded={open}
        onClick={toggle}
        className={cn(
          itemClass,
          collapsed && 'justify-center px-0',
          childActive && 'text-sidebar-foreground',
          item.basePath === pathname && 'bg-sidebar-accent',
        )}
      >
        {Icon ? <Icon className="size-4 shrink-0" aria-hidden /> : null}
        <span className={cn('flex-1 truncate text-start', collapsed && 'sr-only')}>{t(item.name)}</span>
        {collapsed ? null : <ChevronDown className={cn('size-4 transition-transform', open && 'rotate-180')} aria-hidden />}
      </button>
    );
    return (
      <li key={item.id}>
        <FirstLevelTooltip show={collapsed && item.level === 1} label={t(item.name)}>
          {header}
        </FirstLevelTooltip>
        {open ? (
          <ul className="mt-0.5 grid gap-0.5">
            {item.children.map((child) => (
              <li key={child.id}>
                <LeafItem item={child} pathname={pathname} collapsed={false} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ul className="grid gap-0.5 overflow-y-auto px-3 py-2">{menu.main.map(renderItem)}</ul>
      <ul className="mt-auto grid gap-0.5 border-t border-sidebar-border px-3 py-2">{menu.bottom.map(renderItem)}</ul>
    </div>
  );
}
