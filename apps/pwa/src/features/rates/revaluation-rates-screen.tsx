import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { CloudOff, ListChecks, Play } from 'lucide-react';
import { Dec, formatAmount } from '@corridor/domain';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { buttonVariants } from '@/components/ui/variants.ts';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { cn } from '@/lib/cn.ts';
import { notify } from '@/lib/notifications.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { defaultTableState, type TableState } from '@/lib/table-state-search.ts';
import { RatePageTable } from './rate-page-table.tsx';
import { revaluationConfigColumns, revaluationRateColumns, type RevaluationConfigRow } from './revaluation-columns.tsx';
import { RevaluationConfigDialog, RevaluationRunDialog, type RevaluationResult } from './revaluation-dialogs.tsx';
import { useRevaluationConfigs, useRevaluationRates } from './use-revaluation-data.ts';

const RATES_TABLE_KEY = 'sp-revaluation-rates';
const CONFIGS_TABLE_KEY = 'sp-revaluation-configs';
/** Where the records of the runs are listed (and where that list links back here). */
const RECORDS_PATH = '/service-provider/transactions/revaluation/list';

const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * service-provider/rate/revaluation: the TSP's revaluation configs (one per revalued pair, editable), the
 * revaluation rates per date with the history of those runs used, and "Run revaluation" for a date (asked
 * to confirm) with a link to the records the runs left. Reads come from the device first with their age;
 * running and editing need the network and say so offline.
 */
export function RevaluationRatesScreen({ route }: { route: TableSearchRoute }) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const { state, onStateChange } = useTableSearch(route, { tableKey: RATES_TABLE_KEY });
  const [usedOnly, setUsedOnly] = useState(false);
  const rates = useRevaluationRates(tableQuery(state), usedOnly);
  const [configState, setConfigState] = useState<TableState>(defaultTableState);
  const configs = useRevaluationConfigs(tableQuery(configState));
  const allConfigs = useRevaluationConfigs(ALL_ROWS_PAGE);
  const [editing, setEditing] = useState<RevaluationConfigRow | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<RevaluationResult | null>(null);
  const configColumns = useMemo(() => revaluationConfigColumns(t, (row) => online && setEditing(row)), [t, online]);
  const rateColumns = useMemo(() => revaluationRateColumns(), []);
  const currencies = useMemo(() => [...new Set((allConfigs.data?.content ?? []).map((c) => c.sourceCurrency))].sort(), [allConfigs.data]);
  const linkClass = cn(buttonVariants({ variant: 'outline' }));
  return (
    <div className="flex flex-col gap-4" data-testid="revaluation-rates-screen">
      <PageHeader
        title={t('revaluationRates.title')}
        description={t('revaluationRates.subtitle')}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={RECORDS_PATH} className={linkClass} data-testid="revaluation-records-link">
              <ListChecks aria-hidden />
              {t('revaluationRates.records')}
            </Link>
            <Button data-testid="revaluation-run" disabled={!online} onClick={() => setRunning(true)}>
              <Play aria-hidden />
              {t('revaluationRates.run.open')}
            </Button>
          </div>
        }
      />
      {!online && (
        <p
          className="flex items-center gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground"
          role="status"
          data-testid="revaluation-needs-network"
        >
          <CloudOff className="size-4" aria-hidden />
          {t('revaluationRates.needsNetwork')}
        </p>
      )}
      {result && (
        <Card data-testid="revaluation-run-result">
          <CardContent className="flex flex-wrap items-center justify-between gap-3">
            <div className="grid gap-0.5">
              <span className="text-sm font-medium">{t('revaluationRates.result.title', { date: result.revaluationDate })}</span>
              <span className="text-sm text-muted-foreground" data-testid="revaluation-run-result-text">
                {t('revaluationRates.result.summary', {
                  count: result.walletsRevalued,
                  vouchers: result.vouchers.length,
                  total: `${formatAmount(result.totalGainLoss, 2, new Dec(result.totalGainLoss).isNegative() ? { sign: 'debit' } : {})} ${result.currency}`,
                })}
              </span>
            </div>
            <Link to={RECORDS_PATH} className={linkClass} data-testid="revaluation-run-records">
              {t('revaluationRates.result.records')}
            </Link>
          </CardContent>
        </Card>
      )}
      <section className="grid gap-2" aria-labelledby="revaluation-configs-heading">
        <h2 id="revaluation-configs-heading" className="text-base font-semibold">
          {t('revaluationRates.configs')}
        </h2>
        <RatePageTable
          list={configs}
          columns={configColumns}
          state={configState}
          onStateChange={setConfigState}
          tableKey={CONFIGS_TABLE_KEY}
          label={t('revaluationRates.configs')}
          getRowId={(r) => r.id}
        />
      </section>
      <section className="grid gap-2" aria-labelledby="revaluation-rates-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="revaluation-rates-heading" className="text-base font-semibold">
            {usedOnly ? t('revaluationRates.history') : t('revaluationRates.rates')}
          </h2>
          <div className="inline-flex rounded-md border p-0.5" role="group" aria-label={t('revaluationRates.view')}>
            {[false, true].map((used) => (
              <Button
                key={String(used)}
                size="sm"
                variant={usedOnly === used ? 'secondary' : 'ghost'}
                aria-pressed={usedOnly === used}
                data-testid={used ? 'revaluation-view-history' : 'revaluation-view-rates'}
                onClick={() => setUsedOnly(used)}
              >
                {used ? t('revaluationRates.history') : t('revaluationRates.rates')}
              </Button>
            ))}
          </div>
        </div>
        <RatePageTable
          list={rates}
          columns={rateColumns}
          state={state}
          onStateChange={onStateChange}
          tableKey={RATES_TABLE_KEY}
          label={usedOnly ? t('revaluationRates.history') : t('revaluationRates.rates')}
          getRowId={(r) => r.id}
        />
      </section>
      {editing && (
        <RevaluationConfigDialog
          config={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            notify({ type: 'success', i18nMessage: 'revaluationRates.saved' });
            await Promise.all([configs.refresh(), allConfigs.refresh()]);
          }}
        />
      )}
      {running && (
        <RevaluationRunDialog
          today={todayIso()}
          currencies={currencies}
          onClose={() => setRunning(false)}
          onDone={(done) => {
            setRunning(false);
            setResult(done);
            notify({ type: 'success', i18nMessage: 'revaluationRates.run.done' });
            void rates.refresh();
          }}
        />
      )}
    </div>
  );
}
