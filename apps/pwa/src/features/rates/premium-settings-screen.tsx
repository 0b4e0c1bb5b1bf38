import { useMemo, useState } from 'react';
import { RatePageTable } from './rate-page-table.tsx';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { volatileColumns, type VolatileRow } from './config-columns.tsx';
import { VolatileLayerCreateDialog } from './markup-create-dialogs.tsx';
import { MarkupDialog } from './markup-dialog.tsx';
import type { SpreadBody } from './markup-form.ts';
import { useCurrencyDeals, useVolatileLayers } from './use-rate-data.ts';

const TABLE_KEY = 'sp-rate-premium';

const dealText = (d: { sourceCurrency: string; targetCurrency: string; dealType: string; rateProviderId: string }) =>
  `${d.sourceCurrency}/${d.targetCurrency} · ${d.dealType} · ${d.rateProviderId}`;

/** service-provider/rate/premium-settings: the volatile layers, a premium on a deal config while its market moves fast. */
export function PremiumSettingsScreen({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const layers = useVolatileLayers(tableQuery(state));
  const deals = useCurrencyDeals(ALL_ROWS_PAGE);
  const [editing, setEditing] = useState<VolatileRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<VolatileRow | null>(null);
  const columns = useMemo(() => volatileColumns(t, setEditing, setDeleting), [t]);
  const dealChoices = useMemo(() => (deals.data?.content ?? []).map((d) => ({ value: d.id, label: dealText(d) })), [deals.data]);
  const save = async (body: SpreadBody & { currencyDealConfigId: string }) => {
    await api.call<'markups.upsertVolatileLayer'>('markups.upsertVolatileLayer', { body });
    notify({ type: 'success', i18nMessage: 'rates.markup.saved' });
    await layers.refresh();
  };
  const remove = async (row: VolatileRow) => {
    await api.call<'markups.deleteVolatileLayer'>('markups.deleteVolatileLayer', { path: { currencyDealConfigId: row.currencyDealConfigId } });
    notify({ type: 'success', i18nMessage: 'rates.premium.deleted' });
    await layers.refresh();
  };
  return (
    <div className="flex flex-col gap-4" data-testid="premium-settings-screen">
      <PageHeader
        title={t('rates.premium.title')}
        description={t('rates.premium.subtitle')}
        count={layers.data?.totalElements}
        actions={
          <Button data-testid="volatile-new" onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            {t('rates.premium.new')}
          </Button>
        }
      />
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
          subject={dealText(editing)}
          initial={editing}
          onSave={(spread) => save({ currencyDealConfigId: editing.currencyDealConfigId, ...spread })}
        />
      )}
      {creating && <VolatileLayerCreateDialog deals={dealChoices} onSave={save} onClose={() => setCreating(false)} />}
      {deleting && (
        <ConfirmDeleteDialog
          title={t('rates.premium.deleteTitle')}
          subject={dealText(deleting)}
          onDelete={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
