import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Timer } from 'lucide-react';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { RateCallError } from '@/components/rates/rate-call-error.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { globalColumns } from './config-columns.tsx';
import { RATE_STALENESS, stalenessFormSchema, type StalenessBody } from './rate-settings-form.ts';
import { useGlobals, useRateGlobals } from './use-rate-data.ts';
import { ValueDialog } from './value-dialog.tsx';

const TABLE_KEY = 'sp-settings-globals';

/**
 * service-provider/settings/rates: the rate staleness limit (no firm quote on a rate older than it)
 * and every global setting of the TSP.
 */
export function RateSettingsScreen({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const { state, onStateChange } = useTableSearch(route, { tableKey: TABLE_KEY });
  const globals = useGlobals(tableQuery(state));
  const rates = useRateGlobals();
  const [editing, setEditing] = useState(false);
  const columns = useMemo(() => globalColumns(), []);
  const save = async (body: StalenessBody) => {
    await api.call<'globals.upsert'>('globals.upsert', { body });
    notify({ type: 'success', i18nMessage: 'rates.settings.saved' });
    await Promise.all([rates.refresh(), globals.refresh()]);
  };
  return (
    <div className="flex flex-col gap-4" data-testid="rate-settings-screen">
      <PageHeader title={t('rates.settings.title')} description={t('rates.settings.subtitle')} />
      <section className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4" data-testid="rate-staleness">
        <div className="flex items-start gap-3">
          <Timer className="mt-0.5 size-5 text-muted-foreground" aria-hidden />
          <div>
            <h2 className="text-sm font-medium">{t('rates.settings.staleness')}</h2>
            <p className="text-sm text-muted-foreground">{t('rates.settings.stalenessHint')}</p>
          </div>
        </div>
        <div className="flex items-center gap-3">
          <span className="font-mono text-lg tabular-nums" data-testid="rate-staleness-value">
            {t('rates.seconds', { count: rates.staleAfterSeconds })}
          </span>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)} data-testid="rate-staleness-edit" disabled={rates.offline}>
            <Pencil aria-hidden />
            {t('rates.actions.edit')}
          </Button>
        </div>
      </section>
      {globals.data === undefined && <RateCallError error={globals.error} />}
      <DataTable
        columns={columns}
        data={globals.data?.content ?? []}
        total={globals.data?.totalElements ?? 0}
        state={state}
        onStateChange={onStateChange}
        loading={globals.loading}
        tableKey={TABLE_KEY}
        updatedAt={globals.updatedAt ?? undefined}
        offline={globals.offline}
        label={t('rates.settings.globals')}
        getRowId={(r) => r.id}
      />
      {editing && (
        <ValueDialog
          open
          onOpenChange={setEditing}
          title={t('rates.settings.staleness')}
          subject={t('rates.settings.stalenessHint')}
          label={t('rates.fields.stalenessSeconds')}
          initial={String(rates.staleAfterSeconds)}
          schema={stalenessFormSchema}
          serverNames={['value']}
          messageParams={{ min: RATE_STALENESS.min, max: RATE_STALENESS.max }}
          typing={/^\d*$/}
          testId="staleness"
          onSave={save}
        />
      )}
    </div>
  );
}
