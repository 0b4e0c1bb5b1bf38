import { useTranslation } from 'react-i18next';
import { SUMMARY_CARD_GUTTER, SUMMARY_GRID_COLUMNS, WALLET_SUMMARY_FIELDS, formatAmount, formatSummaryAmount, summaryCardSpan } from '@corridor/domain';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { WalletRow } from './sp-wallet-types.ts';

type Position = NonNullable<WalletRow['position']>;

/**
 * The wallet summary card row (spec 2: costRate, merchantReserve, openPosition,
 * pendingAuthorization, balance), laid out on the 24-column grid with the spec's card spans.
 */
export function WalletSummaryCards({ position, dp, loading = false }: { position: Position | null | undefined; dp: number; loading?: boolean }) {
  const { t } = useTranslation();
  const span = summaryCardSpan(WALLET_SUMMARY_FIELDS.length);
  return (
    <div
      className="grid"
      style={{ gridTemplateColumns: `repeat(${SUMMARY_GRID_COLUMNS}, minmax(0, 1fr))`, gap: SUMMARY_CARD_GUTTER }}
      data-testid="wallet-summary-cards"
    >
      {WALLET_SUMMARY_FIELDS.map((field) => (
        <div
          key={field}
          style={{ gridColumn: `span ${span} / span ${span}` }}
          className="rounded-lg border bg-card p-3 shadow-xs"
          data-testid={`wallet-summary-${field}`}
        >
          <p className="text-xs text-muted-foreground">{t(`spWallet.summary.${field}`)}</p>
          {loading ? (
            <Skeleton className="mt-2 h-5 w-24" />
          ) : (
            <p
              className="mt-1 text-base font-semibold tabular-nums"
              dir="ltr"
              title={field === 'costRate' ? undefined : formatAmount(position?.[field].amount, dp)}
            >
              {/* The cost rate is a rate, not money: shown with the 8 decimals of exchange rates. Money
                  uses the spec's summary form (1.25M), the full figure in the title. */}
              {field === 'costRate' ? formatAmount(position?.[field].amount, 8) : formatSummaryAmount(position?.[field].amount, dp)}
              {field !== 'costRate' && position && <span className="ms-1 text-xs font-normal text-muted-foreground">{position[field].currency}</span>}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
