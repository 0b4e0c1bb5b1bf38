import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { partnerSummaryRow } from '@corridor/api';
import { SUMMARY_CARD_GUTTER, SUMMARY_GRID_COLUMNS, summaryCardSpan } from '@corridor/domain';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useIsLargeScreen } from '@/lib/media-query.ts';
import { PARTNER_STATUSES, PartnerStatusTag, type PartnerStatus } from './partner-status-tag.tsx';

type SummaryRow = z.output<typeof partnerSummaryRow>;

/**
 * The cards' figures: one per status the rows count, merchants and service providers together, in the flow's order.
 * @internal used by its tests
 */
export function summaryCards(rows: readonly SummaryRow[]): Array<{ status: PartnerStatus; count: number; byType: Record<string, number> }> {
  return PARTNER_STATUSES.flatMap((status) => {
    const of = rows.filter((r) => r.partnerStatus === status);
    if (of.length === 0) return [];
    const byType: Record<string, number> = {};
    for (const r of of) byType[r.partnerType] = (byType[r.partnerType] ?? 0) + r.count;
    return [{ status, count: of.reduce((n, r) => n + r.count, 0), byType }];
  });
}

/** While the counts load: as many skeletons as a full row holds. */
const SKELETON_CARDS = 4;

/**
 * The partner summary cards (spec 1): one per status of the list's records, on the 24-column grid with the
 * spec's spans by card count (4 or more 6, 3 8, 2 12, else 24) and its 16 px gutter; skeletons while loading.
 */
export function PartnerSummaryCards({ rows, loading }: { rows: readonly SummaryRow[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const wide = useIsLargeScreen();
  const cards = summaryCards(rows ?? []);
  const showing = loading && rows === undefined;
  const count = showing ? SKELETON_CARDS : cards.length;
  if (count === 0) return null;
  const span = summaryCardSpan(count);
  const cell = (i: number) =>
    wide ? { gridColumn: `span ${span} / span ${span}` } : i === count - 1 && count % 2 === 1 ? { gridColumn: 'span 2 / span 2' } : undefined;
  return (
    <div
      className="grid"
      style={{ gridTemplateColumns: `repeat(${wide ? SUMMARY_GRID_COLUMNS : 2}, minmax(0, 1fr))`, gap: SUMMARY_CARD_GUTTER }}
      data-testid="partner-summary-cards"
      data-span={span}
      aria-busy={showing || undefined}
    >
      {showing
        ? Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <div key={i} className="rounded-xl border bg-card p-4 shadow-xs" style={cell(i)} data-testid="partner-summary-skeleton">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="mt-3 h-6 w-12" />
            </div>
          ))
        : cards.map((card, i) => (
            <div key={card.status} className="min-w-0 rounded-xl border bg-card p-4 shadow-xs" style={cell(i)} data-testid={`partner-summary-${card.status}`}>
              <PartnerStatusTag status={card.status} />
              <p className="mt-2 text-2xl font-semibold tabular-nums" data-testid="partner-summary-count">
                {card.count}
              </p>
              <p className="truncate text-xs text-muted-foreground">
                {Object.entries(card.byType)
                  .map(([type, n]) => `${t(`partners.types.${type}`, { defaultValue: type })}: ${n}`)
                  .join(' · ')}
              </p>
            </div>
          ))}
    </div>
  );
}
