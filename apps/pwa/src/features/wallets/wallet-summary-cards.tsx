import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Coins, Gauge, Hourglass, Landmark, ShieldCheck } from 'lucide-react';
import { SUMMARY_CARD_GUTTER, SUMMARY_GRID_COLUMNS, WALLET_SUMMARY_FIELDS, formatAmount, formatSummaryAmount, summaryCardSpan } from '@corridor/domain';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useIsLargeScreen } from '@/lib/media-query.ts';
import type { SummaryField } from './position-totals.ts';

/** Exchange-type rates are shown with 8 decimals (spec 9); the cost rate is one. */
const RATE_DP = 8;

const ICONS: Record<SummaryField, ReactNode> = {
  costRate: <Gauge className="size-4" aria-hidden />,
  merchantReserve: <ShieldCheck className="size-4" aria-hidden />,
  openPosition: <Coins className="size-4" aria-hidden />,
  pendingAuthorization: <Hourglass className="size-4" aria-hidden />,
  balance: <Landmark className="size-4" aria-hidden />,
};

export interface SummaryFigures {
  values: Record<SummaryField, string | null | undefined>;
  currencies: Record<SummaryField, string | null | undefined>;
}

/**
 * The wallet summary card row (spec 2: costRate, merchantReserve, openPosition,
 * pendingAuthorization, balance) on the 24-column grid with the spec's card spans.
 */
export function WalletSummaryCards({ figures, dp, loading = false }: { figures: SummaryFigures | null; dp: number; loading?: boolean }) {
  const { t } = useTranslation();
  const span = summaryCardSpan(WALLET_SUMMARY_FIELDS.length);
  // The spec's 24-column spans apply from the large breakpoint; narrower screens show two per row.
  const wide = useIsLargeScreen();
  return (
    <div
      className="grid"
      style={{ gridTemplateColumns: `repeat(${wide ? SUMMARY_GRID_COLUMNS : 2}, minmax(0, 1fr))`, gap: SUMMARY_CARD_GUTTER }}
      data-testid="wallet-summary-cards"
    >
      {WALLET_SUMMARY_FIELDS.map((field) => (
        <div
          key={field}
          className="rounded-xl border bg-card p-4 shadow-xs"
          style={wide ? { gridColumn: `span ${span} / span ${span}` } : undefined}
          data-testid={`wallet-summary-${field}`}
        >
          <div className="flex items-center justify-between text-muted-foreground">
            <p className="text-xs font-medium">{t(`merchantWallets.summary.${field}`)}</p>
            {ICONS[field]}
          </div>
          {loading ? (
            <Skeleton className="mt-3 h-6 w-28" />
          ) : (
            <p
              className="mt-2 text-lg font-semibold tabular-nums"
              dir="ltr"
              title={field === 'costRate' ? undefined : formatAmount(figures?.values[field], dp)}
            >
              {/* Cards use the spec's summary form (1.25M, 3.40B); the full figure is in the title. */}
              {field === 'costRate' ? formatAmount(figures?.values[field], RATE_DP) : formatSummaryAmount(figures?.values[field], dp)}
              {figures?.currencies[field] && (
                <span className="ms-1 text-xs font-normal text-muted-foreground">{figures.currencies[field]}</span>
              )}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
