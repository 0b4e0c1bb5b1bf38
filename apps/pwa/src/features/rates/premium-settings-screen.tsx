import { useMemo, useState } from 'react';
import { RatePageTable } from './rate-page-table.tsx';
import { useTranslation } from 'react-i18next';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { volatileColumns, type VolatileRow } from './config-columns.tsx';
import { MarkupDialog } from './markup-dialog.tsx';
import type { SpreadBody } from './markup-form.ts';
import { useVolatileLayers } from './use-rate-data.ts';

const TABLE_KEY = 'sp-rate-premium';

/** service-provider/rate/premium-settings: the volatile layers, a premium on a deal config while its market moves fast. */
export function PremiumSettingsScreen({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const layers = useVolatileLayers(tableQuery(state));
  const [editing, setEditing] = useState<VolatileRow | null>(null);
  const columns = useMemo(() => volatileColumns(t, setEditing), [t]);
  const save = async (spread: SpreadBody) => {
    if (!editing) return;
    await api.call<'markups.upsertVolatileLayer'>('markups.upsertVolatileLayer', { body: { currencyDealConfigId: editing.currencyDealConfigId, ...spread } });
    notify({ type: 'success', i18nMessage: 'rates.markup.saved' });
    await layers.refresh();
  };
  return (
    <div className="flex flex-col gap-4" data-testid="premium-settings-screen">
      <PageHeader title={t('rates.premium.title')} description={t('rates.premium.subtitle')} count={layers.data?.totalElements} />
      <RatePageTable
        list={layers}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        tableKey={TABLE_KEY}
        label={t('rates.premium.title')}
        getRowId={(r) => r.currencyDealConfigId}
      />
      {editing && (
        <MarkupDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={t('rates.premium.edit')}
          subject={`${editing.sourceCurrency}/${editing.targetCurrency} · ${editing.dealType} · ${editing.rateProviderId}`}
          initial={editing}
          onSave={save}
        />
      )}
    </div>
  );
}
