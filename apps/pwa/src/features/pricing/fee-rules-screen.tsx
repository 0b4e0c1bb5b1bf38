import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Plus } from 'lucide-react';
import type { FeeRule } from '@corridor/api';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { dpLookup } from '@/components/wallets/currency-dp.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { feeColumns, type FeeColumnId } from './fee-columns.tsx';
import { FeeRuleDialog } from './fee-rule-dialog.tsx';
import { FeeProfilesPanel } from './fee-profiles-panel.tsx';
import { useFeeProfiles, useFeeRules, usePricingCurrencies, type FeeKind } from './use-pricing-data.ts';

const COLUMNS: Record<FeeKind, readonly FeeColumnId[]> = {
  MERCHANT: ['chargeMode', 'profile', 'corridor', 'slabs', 'taxes', 'effective', 'status', 'actions'],
  CORRESPONDENT: ['chargeMode', 'correspondent', 'corridor', 'slabs', 'taxes', 'effective', 'status', 'actions'],
};
const TABLE_KEY: Record<FeeKind, string> = { MERCHANT: 'sp-merchant-fees', CORRESPONDENT: 'sp-correspondent-fees' };
const TITLE: Record<FeeKind, string> = { MERCHANT: 'pricing.merchantFee', CORRESPONDENT: 'pricing.correspondentFee' };

/**
 * service-provider/pricing/merchant-fee and /correspondent-fee: the fee rules as the one table,
 * 'New fee' and an edit button on each row (the same form with the spec's slab rules).
 */
export function FeeRulesScreen({ route, kind }: { route: TableSearchRoute; kind: FeeKind }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY[kind] });
  const [saved, setSaved] = useState(0);
  const [profilesSaved, setProfilesSaved] = useState(0);
  const query = tableQuery(state);
  const rules = useFeeRules(kind, query, saved);
  const { profiles } = useFeeProfiles(profilesSaved);
  const { currencies, dpOf } = usePricingCurrencies();
  const [editing, setEditing] = useState<{ rule: FeeRule | null } | null>(null);

  const columns = useMemo(() => {
    const names = new Map(profiles.map((p) => [p.id, p.name]));
    return feeColumns(COLUMNS[kind], {
      t,
      dpOf: dpLookup(currencies),
      profileName: (id) => (id === null ? t('pricing.defaultProfile') : (names.get(id) ?? id)),
      actions: (row) => [
        {
          id: 'edit',
          label: t('pricing.edit'),
          icon: Pencil,
          variant: 'ghost',
          labelFrom: 'never',
          testId: 'fee-rule-edit',
          onSelect: () => setEditing({ rule: row }),
        },
      ],
    });
  }, [kind, t, profiles, currencies]);

  return (
    <div className="flex flex-col gap-5" data-testid={`fee-rules-${kind.toLowerCase()}`}>
      <PageHeader
        title={t(TITLE[kind])}
        description={t(`${TITLE[kind]}Subtitle`)}
        count={rules.data?.totalElements}
        actions={
          <Button data-testid="fee-rule-new" onClick={() => setEditing({ rule: null })}>
            <Plus aria-hidden />
            {t('pricing.newFee')}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        data={rules.data?.content ?? []}
        total={rules.data?.totalElements ?? 0}
        state={state}
        onStateChange={onStateChange}
        loading={rules.loading}
        tableKey={TABLE_KEY[kind]}
        updatedAt={rules.updatedAt ?? undefined}
        offline={rules.offline}
        label={t(TITLE[kind])}
        getRowId={(r) => r.id}
        emptyState={
          <div className="py-10 text-center" data-testid="fee-rules-empty">
            <p className="text-sm font-medium">{t('pricing.empty.title')}</p>
            <p className="text-sm text-muted-foreground">{t('pricing.empty.description')}</p>
          </div>
        }
      />
      {kind === 'MERCHANT' && <FeeProfilesPanel profiles={profiles} onSaved={() => setProfilesSaved((n) => n + 1)} />}
      <FeeRuleDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        kind={kind}
        rule={editing?.rule ?? null}
        profiles={profiles}
        currencies={currencies}
        dpOf={dpOf}
        onSaved={() => setSaved((n) => n + 1)}
      />
    </div>
  );
}
