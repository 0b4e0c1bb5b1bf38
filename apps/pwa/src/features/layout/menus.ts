import type { LucideIcon } from 'lucide-react';
import {
  ArrowLeftRight,
  Bell,
  ChartLine,
  FileBarChart,
  Handshake,
  LayoutDashboard,
  Percent,
  Scale,
  Settings,
  ShieldCheck,
  UserCog,
  Users,
  Wallet,
} from 'lucide-react';
import {
  MERCHANT_MENU as MERCHANT_MENU_SPEC,
  SERVICE_PROVIDER_MENU as SERVICE_PROVIDER_MENU_SPEC,
  SERVICE_PROVIDER_MOBILE_SETTINGS_PATH,
  type MenuItem as MenuItemSpec,
} from '@corridor/domain';
import type { PortalArea } from '@corridor/state-machines';

/** A rendered menu entry: the domain's entry with an absolute path and its icon component. */
export interface MenuItem {
  id: string;
  /** i18n key of the label. */
  name: string;
  icon?: LucideIcon;
  /** Absolute portal path; groups have none (their header only opens the sub-menu). */
  path?: string;
  /** A group's own section path, used to name the page (the SP wallet home is the Wallet group's). */
  basePath?: string;
  level: 1 | 2;
  children?: MenuItem[];
}

export interface AreaMenu {
  main: MenuItem[];
  bottom: MenuItem[];
}

/** The domain names icons; the portal draws them with lucide. */
const ICONS: Record<string, LucideIcon> = {
  wallet: Wallet,
  users: Users,
  arrows: ArrowLeftRight,
  chart: ChartLine,
  bell: Bell,
  settings: Settings,
  handshake: Handshake,
  check: ShieldCheck,
  tag: Percent,
  scale: Scale,
  file: FileBarChart,
  dashboard: LayoutDashboard,
  user: UserCog,
};

function iconOf(name: string): LucideIcon | undefined {
  const icon = ICONS[name];
  // Spec 1, section 8: "an unsupported icon or illustration name logs a console error".
  if (!icon) console.error(`Unsupported menu icon: ${name}`);
  return icon;
}

const AREA_PREFIX: Record<PortalArea, string> = { MERCHANT: 'merchant', SERVICE_PROVIDER: 'service-provider' };

/**
 * The spec lists the bottom "notification" entry without an area; it is placed inside the area so
 * it opens the area's page rather than the fallback route.
 */
function absolutePath(path: string, area: PortalArea): string {
  const prefix = AREA_PREFIX[area];
  return path === prefix || path.startsWith(`${prefix}/`) ? `/${path}` : `/${prefix}/${path}`;
}

function toMenuItem(item: MenuItemSpec, area: PortalArea): MenuItem {
  const children = item.subMenu?.map((child) => toMenuItem(child, area));
  return {
    id: item.id,
    name: item.name,
    icon: item.level === 1 ? iconOf(item.icon) : undefined,
    path: children ? undefined : absolutePath(item.path, area),
    basePath: children ? absolutePath(item.path, area) : undefined,
    level: item.level,
    children,
  };
}

function toAreaMenu(items: readonly MenuItemSpec[], area: PortalArea): AreaMenu {
  return {
    main: items.filter((i) => !i.bottom).map((i) => toMenuItem(i, area)),
    bottom: items.filter((i) => i.bottom).map((i) => toMenuItem(i, area)),
  };
}

/** @internal */
export const MERCHANT_MENU: AreaMenu = toAreaMenu(MERCHANT_MENU_SPEC, 'MERCHANT');
/** @internal */
export const SERVICE_PROVIDER_MENU: AreaMenu = toAreaMenu(SERVICE_PROVIDER_MENU_SPEC, 'SERVICE_PROVIDER');

/** Menu by role: service provider the large menu, merchant the smaller one, others none. */
export function menuFor(area: PortalArea | null): AreaMenu | null {
  if (area === 'MERCHANT') return MERCHANT_MENU;
  if (area === 'SERVICE_PROVIDER') return SERVICE_PROVIDER_MENU;
  return null;
}

const SERVICE_PROVIDER_MOBILE_MENU: AreaMenu = {
  main: SERVICE_PROVIDER_MENU.main,
  bottom: SERVICE_PROVIDER_MENU.bottom.map((item) => (item.id === 'settings' ? { ...item, path: `/${SERVICE_PROVIDER_MOBILE_SETTINGS_PATH}` } : item)),
};

/** The drawer's menu: the same entries, except the SP settings entry (spec 1, section 2). */
export function mobileMenuFor(area: PortalArea | null): AreaMenu | null {
  return area === 'SERVICE_PROVIDER' ? SERVICE_PROVIDER_MOBILE_MENU : menuFor(area);
}

/** `menu-item-<path with / replaced by ->` for entries, `menu-group-<id>` for groups (browser tests). */
export function menuTestId(item: Pick<MenuItem, 'id' | 'path'>): string {
  if (!item.path) return `menu-group-${item.id}`;
  return `menu-item-${item.path.replace(/^\//, '').replace(/\//g, '-')}`;
}

/**
 * True when the current route is the item or below it. An entry opening a status list
 * (`.../list/overview`, `.../list/pending`) stands for every tab of that list, so the menu and the
 * trail stay on it when the user switches to another status.
 */
export function matchesPath(pathname: string, path: string): boolean {
  const section = path.replace(/\/list\/[^/]+$/, '/list');
  if (pathname === path || pathname === section || pathname.startsWith(`${section}/`)) return true;
  // A status list's records live beside its list (`deals/list/overview` lists what `deals/TXN1` shows).
  const records = path.match(/^(.*)\/list\/[^/]+$/)?.[1];
  return records !== undefined && pathname.startsWith(`${records}/`) && !pathname.startsWith(`${records}/list`);
}

/** The group that opens by default: the one whose child matches the current route. */
export function groupForPath(menu: AreaMenu, pathname: string): string | null {
  for (const item of menu.main) {
    if (item.children?.some((child) => child.path !== undefined && matchesPath(pathname, child.path))) return item.id;
  }
  return null;
}
