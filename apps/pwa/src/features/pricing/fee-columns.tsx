import type { FeeRule } from '@corridor/api';
import { FEE_TYPES, formatAmount, formatDate } from '@corridor/domain';
import type { ColumnDef, FilterOption, RowAction } from '@/components/data-table/column-def.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type FeeColumnId = 'chargeMode' | 'profile' | 'correspondent' | 'corridor' | 'slabs' | 'taxes' | 'effective' | 'status' | 'actions';

/** What the columns need from the screen: names of profiles, decimals, labels and the row's actions. */
export interface FeeColumnOptions {
  t: Translate;
  dpOf: (code: string | null | undefined) => number;
  profileName?: (id: string | null) => string;
  actions?: (row: FeeRule) => RowAction[];
}

const ANY = '*';

/** '0.00 - 1,000.00 AED: 5.00 + 0.5% (min 1.00, max 50.00)', one line per slab. * @internal test-only entry point
 */
export function slabLines(rule: FeeRule, dpOf: (code: string) => number): string[] {
  return rule.slabs.map((s) => {
    const dp = dpOf(s.slabCurrency);
    const range = `${formatAmount(s.slabValueFrom, dp)} - ${s.slabValueTo === null ? '∞' : formatAmount(s.slabValueTo, dp)} ${s.slabCurrency}`;
    const caps = [s.minFee === null ? null : `min ${formatAmount(s.minFee, dp)}`, s.maxFee === null ? null : `max ${formatAmount(s.maxFee, dp)}`]
      .filter(Boolean)
      .join(', ');
    return `${range}: ${formatAmount(s.flatFee, dp)} + ${s.percentageFee}%${caps ? ` (${caps})` : ''}`;
  });
}

/** 'VAT 5%, Stamp 0.5%' (each kept on one line), or a dash when the fee is untaxed. * @internal test-only entry point
 */
export function taxText(rule: FeeRule): string {
  return rule.taxes.length === 0 ? '-' : rule.taxes.map((t) => `${t.name}\u00a0${t.percentage}%`).join(', ');
}

/** The fee types as a filter's options (spec 9 fee types). */
function feeTypeOptions(t: Translate): FilterOption[] {
  return FEE_TYPES.map((f) => ({ value: f.value, name: t(`pricing.feeType.${f.value}`, { defaultValue: f.label }) }));
}

/** Columns of a fee rule list (merchant or correspondent fees, or their taxes), in the order asked. */
export function feeColumns(ids: readonly FeeColumnId[], { t, dpOf, profileName, actions }: FeeColumnOptions): ColumnDef<FeeRule>[] {
  const all: Record<FeeColumnId, ColumnDef<FeeRule>> = {
    chargeMode: {
      id: 'chargeMode',
      field: 'chargeMode',
      header: 'pricing.columns.chargeMode',
      sorting: true,
      filterKey: 'chargeModes',
      filterType: 'status',
      filterOptions: feeTypeOptions(t),
      cell: (r) => t(`pricing.feeType.${r.chargeMode}`, { defaultValue: r.chargeMode }),
    },
    profile: {
      id: 'profile',
      field: 'merchantFeeProfileId',
      header: 'pricing.columns.profile',
      cell: (r) => (profileName ? profileName(r.merchantFeeProfileId) : (r.merchantFeeProfileId ?? '-')),
    },
    correspondent: {
      id: 'correspondent',
      field: 'correspondentId',
      header: 'pricing.columns.correspondent',
      cell: (r) => r.correspondentId ?? t('pricing.any'),
    },
    corridor: {
      id: 'corridor',
      field: 'walletCurrencyCode',
      header: 'pricing.columns.corridor',
      sortKey: 'walletCurrencyCode',
      sorting: true,
      filterKey: 'walletCurrencyCodes',
      search: true,
      kind: 'multi-line',
      lines: (r) => [
        `${r.walletCurrencyCode ?? ANY} → ${r.payoutCurrencyCode ?? ANY}`,
        [r.destinationCountryCode, r.transactionType].filter(Boolean).join(' · ') || t('pricing.anyCorridor'),
      ],
    },
    // Written out whole (not truncated like other cells): a fee schedule read in part is misread.
    slabs: {
      id: 'slabs',
      header: 'pricing.columns.slabs',
      cell: (r) => (
        <span className="flex flex-col whitespace-nowrap tabular-nums" data-testid="fee-slab-lines">
          {slabLines(r, dpOf).map((line, i) => (
            <span key={i}>{line}</span>
          ))}
        </span>
      ),
    },
    taxes: { id: 'taxes', field: 'taxes', header: 'pricing.columns.taxes', cell: (r) => taxText(r) },
    effective: {
      id: 'effective',
      field: 'effectiveFrom',
      header: 'pricing.columns.effective',
      sorting: true,
      kind: 'multi-line',
      lines: (r) => [formatDate(r.effectiveFrom), r.effectiveTo === null ? t('pricing.openEnded') : formatDate(r.effectiveTo)],
    },
    status: {
      id: 'status',
      field: 'status',
      header: 'pricing.columns.status',
      kind: 'status',
      sorting: true,
      filterKey: 'statuses',
      filterType: 'status',
      filterOptions: ['ACTIVE', 'INACTIVE'].map((s) => ({ value: s, name: t(`pricing.status.${s}`) })),
    },
    actions: {
      id: 'actions',
      header: 'pricing.columns.actions',
      align: 'end',
      rowActions: (r) => actions?.(r) ?? [],
      rowName: (r) => `${r.walletCurrencyCode ?? ANY} → ${r.payoutCurrencyCode ?? ANY}`,
    },
  };
  return ids.map((id) => all[id]);
}
