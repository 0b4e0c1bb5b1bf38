import { useMemo, useState } from 'react';
import { RatePageTable } from './rate-page-table.tsx';
import { useTranslation } from 'react-i18next';
import { RATE_DP } from '@corridor/domain';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { dealColumns, type DealRow } from './config-columns.tsx';
import { ibrFormSchema } from './rate-settings-form.ts';
import { useCurrencyDeals } from './use-rate-data.ts';
import { ValueDialog } from './value-dialog.tsx';

const TABLE_KEY = 'sp-rate-ibr';
const RATE_TYPING = /^\d*\.?\d*$/;

/**
 * service-provider/rate/ibr: each currency deal config with its instrument and interbank rate (the
 * base every markup builds on); the desk can key a rate in by hand for an instrument.
 */
export function IbrScreen({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const query = tableQuery(state);
  const deals = useCurrencyDeals(query);
  const [editing, setEditing] = useState<DealRow | null>(null);
  const columns = useMemo(() => dealColumns(t, setEditing), [t]);
  const save = async (body: { ibrRate: string }) => {
    if (!editing) return;
    await api.call<'currencyDeals.updateIbr'>('currencyDeals.updateIbr', { body: { instrumentId: editing.instrumentId, ibrRate: body.ibrRate } });
    notify({ type: 'success', i18nMessage: 'rates.ibr.saved', messageParams: { instrument: editing.instrumentId } });
    await deals.refresh();
  };
  return (
    <div className="flex flex-col gap-4" data-testid="ibr-screen">
      <PageHeader title={t('rates.ibr.title')} description={t('rates.ibr.subtitle')} count={deals.data?.totalElements} />
      <RatePageTable
        list={deals}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        tableKey={TABLE_KEY}
        label={t('rates.ibr.title')}
        getRowId={(r) => r.id}
      />
      {editing && (
        <ValueDialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={t('rates.ibr.edit')}
          subject={`${editing.sourceCurrency}/${editing.targetCurrency} · ${editing.dealType} · ${editing.instrumentId}`}
          label={t('rates.fields.ibrRate')}
          initial={editing.ibrRate ?? ''}
          schema={ibrFormSchema}
          serverNames={['ibrRate', 'instrumentId']}
          messageParams={{ dp: RATE_DP }}
          typing={RATE_TYPING}
          testId="ibr"
          onSave={save}
        />
      )}
    </div>
  );
}
