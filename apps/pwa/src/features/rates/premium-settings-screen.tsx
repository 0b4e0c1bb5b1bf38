import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { RateCallError } from '@/components/rates/rate-call-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { volatileColumns, type VolatileRow } from './config-columns.tsx';
import { MarkupDialog } from './markup-dialog.tsx';
import type { SpreadBody } from './markup-form.ts';
import { EmptyRates } from './rate-feeds-screen.tsx';
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
      {layers.data === undefined && <RateCallError error={layers.error} />}
      <DataTable
        columns={columns}
        data={layers.data?.content ?? []}
        total={layers.data?.totalElements ?? 0}
        state={state}
        onStateChange={onStateChange}
        loading={layers.loading}
        tableKey={TABLE_KEY}
        updatedAt={layers.updatedAt ?? undefined}
        offline={layers.offline}
        label={t('rates.premium.title')}
        getRowId={(r) => r.currencyDealConfigId}
        emptyState={<EmptyRates failed={layers.error !== null || layers.offline} />}
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
