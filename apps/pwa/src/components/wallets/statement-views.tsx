import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouter } from '@tanstack/react-router';
import { cn } from '@/lib/cn.ts';

/** The views of a wallet's statement tab: the settled lines, or every hold, release and settlement. */
const STATEMENT_VIEWS = ['statement', 'holds'] as const;
export type StatementView = (typeof STATEMENT_VIEWS)[number];

/** The view the URL's `view` names; anything else opens the statement (an old link still opens). */
export function statementView(value: string | undefined): StatementView {
  return STATEMENT_VIEWS.find((v) => v === value) ?? 'statement';
}

/** The table's params that belong to one view's table: switching views starts the other table afresh. */
const TABLE_PARAMS = ['page', 'size', 'sort', 'filters'];

/**
 * A wallet's statement tab with its two views side by side behind a segmented control; the view is in
 * the URL (`?view=holds`) like the tab and the table's state, so a link or a reload opens the same view.
 */
export function StatementViews({ view, statement, holds }: { view: StatementView; statement: ReactNode; holds: ReactNode }) {
  const { t } = useTranslation();
  const router = useRouter();
  const { pathname, search } = router.state.location;
  const hrefOf = (next: StatementView) => {
    const merged: Record<string, unknown> = { ...search };
    for (const key of TABLE_PARAMS) delete merged[key];
    if (next === 'statement') delete merged.view;
    else merged.view = next;
    return `${pathname}${router.options.stringifySearch(merged)}`;
  };
  const open = (event: MouseEvent<HTMLAnchorElement>, next: StatementView) => {
    // A plain click stays in the app; a modified click opens the view's URL as the browser would.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void router.navigate({ href: hrefOf(next) });
  };
  return (
    <div className="flex flex-col gap-4">
      <div
        role="group"
        aria-label={t('merchantWallets.holds.views')}
        className="inline-flex w-fit rounded-lg border bg-muted p-0.5"
        data-testid="statement-views"
      >
        {STATEMENT_VIEWS.map((v) => (
          <a
            key={v}
            href={hrefOf(v)}
            onClick={(event) => open(event, v)}
            aria-current={v === view ? 'page' : undefined}
            data-testid={`statement-view-${v}`}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
              v === view ? 'bg-background text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {t(`merchantWallets.holds.view.${v}`)}
          </a>
        ))}
      </div>
      {view === 'holds' ? holds : statement}
    </div>
  );
}
