import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import type { PortalArea } from '@corridor/state-machines';
import { matchesPath, menuFor, type MenuItem } from './menus.ts';

/**
 * The menu entries leading to the current page (group, then item), for the page's trail.
 * @internal
 */
export function trailFor(area: PortalArea, pathname: string): MenuItem[] {
  const menu = menuFor(area);
  if (!menu) return [];
  let best: MenuItem[] = [];
  let bestLength = -1;
  for (const item of [...menu.main, ...menu.bottom]) {
    // A group's own section page (only the exact path: deeper pages belong to its entries).
    if (item.basePath === pathname && item.basePath.length > bestLength) {
      best = [item];
      bestLength = item.basePath.length;
    }
    for (const [entry, trail] of [[item, [item]] as const, ...(item.children ?? []).map((c) => [c, [item, c]] as const)]) {
      // The longest matching path wins (the dashboard lives under the SP wallet path).
      if (entry.path && matchesPath(pathname, entry.path) && entry.path.length > bestLength) {
        best = [...trail];
        bestLength = entry.path.length;
      }
    }
  }
  return best;
}

export function PageTrail({ area, pathname }: { area: PortalArea; pathname: string }) {
  const { t } = useTranslation();
  const trail = trailFor(area, pathname);
  return (
    <nav aria-label={t('nav.breadcrumb')} className="min-w-0">
      <ol className="flex items-center gap-1.5 text-sm text-muted-foreground">
        {trail.map((item, index) => (
          <li key={item.id} className="flex items-center gap-1.5">
            {index > 0 ? <ChevronRight className="size-3.5 rtl:-scale-x-100" aria-hidden /> : null}
            <span className={index === trail.length - 1 ? 'font-medium text-foreground' : undefined}>{t(item.name)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
