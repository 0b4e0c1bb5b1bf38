import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Coins, Gauge, Hourglass, Landmark, ShieldCheck } from 'lucide-react';
import { SUMMARY_CARD_GUTTER, SUMMARY_GRID_COLUMNS, WALLET_SUMMARY_FIELDS, formatAmount, formatSummaryAmount, summaryCardSpan } from '@corridor/domain';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useIsLargeScreen } from '@/lib/media-query.ts';
import type { WalletPosition } from './wallet-types.ts';

export type SummaryField = (typeof WALLET_SUMMARY_FIELDS)[number];

/** Exchange-type rates are shown with 8 decimals (spec 9); the cost rate is one. */
const RATE_DP = 8;

const ICONS: Record<SummaryField, ReactNode> = {
  costRate: <Gauge className="size-4" aria-hidden />,
  merchantReserve: <ShieldCheck className="size-4" aria-hidden />,
  openPosition: <Coins className="size-4" aria-hidden />,
  pendingAuthorization: <Hourglass className="size-4" aria-hidden />,
  balance: <Landmark className="size-4" aria-hidden />,
};

/** The card row's figures (decimal strings; null = not known) and the currency of each. */
export interface SummaryFigures {
  values: Record<SummaryField, string | null | undefined>;
  currencies: Record<SummaryField, string | null | undefined>;
}

/** One wallet's position as the card row's figures. */
export function positionFigures(position: WalletPosition | null | undefined): SummaryFigures | null {
  if (!position) return null;
  const values = {} as SummaryFigures['values'];
  const currencies = {} as SummaryFigures['currencies'];
  for (const field of WALLET_SUMMARY_FIELDS) {
    values[field] = position[field].amount;
    currencies[field] = position[field].currency;
  }
  return { values, currencies };
}

/**
 * The wallet summary card row of both portals (spec 2: costRate, merchantReserve, openPosition,
 * pendingAuthorization, balance) on the 24-column grid with the spec's card spans. Money uses the
 * spec's summary form (M at 1e6, B at 1e9, T at 1e12) with the full figure in the title; the cost
 * rate is a rate, shown in full with the 8 decimals of exchange rates.
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
          className="min-w-0 rounded-xl border bg-card p-4 shadow-xs"
          style={wide ? { gridColumn: `span ${span} / span ${span}` } : undefined}
          data-testid={`wallet-summary-${field}`}
        >
          <div className="flex items-center justify-between gap-2 text-muted-foreground">
            {/* The same labels in both portals: the merchant's wording is the one the spec names. */}
            <p className="truncate text-xs font-medium">{t(`merchantWallets.summary.${field}`)}</p>
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
              {field === 'costRate' ? formatAmount(figures?.values[field], RATE_DP) : formatSummaryAmount(figures?.values[field], dp)}
              {figures?.currencies[field] && <span className="ms-1 text-xs font-normal text-muted-foreground">{figures.currencies[field]}</span>}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
