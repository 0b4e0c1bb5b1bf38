import { useMemo, useState, type ChangeEvent } from 'react';
import { MASS_TEMPLATE_FILE, formatAmount, massTemplateCsv } from '@corridor/domain';
import { useTranslation } from 'react-i18next';
import { Download, FileWarning, Send, Upload } from 'lucide-react';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { useIsLargeScreen } from '@/lib/media-query.ts';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { defaultTableState, type TableState } from '@/lib/table-state-search.ts';
import { downloadText, errorCsv, readMassFile, type ReadFile } from './mass-file.ts';
import { MassProgress } from './mass-progress.tsx';
import { massDrafts, type MassDraft } from './mass-send.ts';
import { errorText, massColumns } from './mass-table-columns.tsx';
import { validateMassRows, type MassCheck } from './mass-validate.ts';
import { useMassContext } from './use-mass-data.ts';
import { useMassSend } from './use-mass-send.ts';

type Shown = 'all' | 'errors' | 'valid';
interface Loaded {
  file: ReadFile;
  check: MassCheck;
  drafts: MassDraft[];
  /** Reading and checking the file, in ms (the benchmark reads it). */
  ms: { read: number; check: number };
}

/** merchant/transactions/mass-payments: a CSV or XLSX file checked on the device, then sent row by row through the outbox. */
export function MassPaymentsScreen() {
  const { t } = useTranslation();
  const wide = useIsLargeScreen();
  const userId = useCurrentUser()?.id ?? null;
  const { context, loading } = useMassContext();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown>('all');
  const [state, setState] = useState<TableState>(defaultTableState);
  const [sending, setSending] = useState(false);
  const drafts = useMemo(() => loaded?.drafts ?? [], [loaded]);
  const { progress, sends, queueing, send } = useMassSend(userId, drafts);
  const columns = useMemo(() => massColumns(t, wide, sends), [t, wide, sends]);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const chosen = input.files?.[0];
    input.value = '';
    if (!chosen || !context) return;
    setFailure(null);
    try {
      const t0 = performance.now();
      const file = await readMassFile(chosen);
      const t1 = performance.now();
      const check = validateMassRows(file.rows, context);
      const t2 = performance.now();
      setLoaded({ file, check, drafts: await massDrafts(file.hash, check.rows), ms: { read: t1 - t0, check: t2 - t1 } });
      setShown(check.errorCount > 0 ? 'errors' : 'all');
      setState(defaultTableState);
    } catch {
      setFailure(t('massPayments.unreadable'));
    }
  }

  async function onSend() {
    if (!loaded) return;
    setSending(true);
    try {
      await send(loaded.drafts);
    } finally {
      setSending(false);
    }
  }

  const dpOf = (currency: string) => context?.currencies.get(currency) ?? 2;
  const rows = loaded?.check.rows.filter((r) => shown === 'all' || (shown === 'errors') === r.errors.length > 0) ?? [];
  const untouched = progress.sent + progress.waiting + progress.refused === 0;
  return (
    <div className="flex flex-col gap-5" data-testid="mass-payments-screen">
      <PageHeader
        title={t('massPayments.title')}
        description={t('massPayments.subtitle')}
        actions={
          <Button variant="outline" data-testid="mass-template" onClick={() => downloadText(MASS_TEMPLATE_FILE, massTemplateCsv())}>
            <Download aria-hidden />
            {t('massPayments.template')}
          </Button>
        }
      />
      <Card>
        <CardContent className="flex flex-col gap-3 p-4">
          <label className="flex w-fit cursor-pointer items-center gap-2 rounded-md border border-dashed px-4 py-3 text-sm font-medium hover:bg-muted">
            <Upload aria-hidden className="size-4" />
            {loading ? t('massPayments.preparing') : t('massPayments.choose')}
            <input
              type="file"
              className="sr-only"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={!context}
              onChange={(e) => void onFile(e)}
              data-testid="mass-file"
            />
          </label>
          <p className="text-sm text-muted-foreground">{t('massPayments.hint')}</p>
          <p className="text-sm text-muted-foreground" data-testid="mass-rules">
            {t('massPayments.rules')}
          </p>
          {failure && (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          )}
          {loaded && (
            <div className="flex flex-col gap-3" data-testid="mass-summary" data-read-ms={loaded.ms.read.toFixed(1)} data-check-ms={loaded.ms.check.toFixed(1)}>
              <p className="text-sm">
                <span className="font-medium">{loaded.file.name}</span> ·{' '}
                {t('massPayments.summary', { rows: loaded.check.rows.length, valid: loaded.check.validCount, errors: loaded.check.errorCount })}
              </p>
              <ul className="flex flex-wrap gap-x-4 text-sm text-muted-foreground">
                {loaded.check.totals.map((x) => (
                  <li key={x.walletId} dir="auto">
                    {t('massPayments.walletTotal', {
                      count: x.count,
                      total: formatAmount(x.total, dpOf(x.currency)),
                      currency: x.currency,
                      available: formatAmount(x.available, dpOf(x.currency)),
                    })}
                  </li>
                ))}
              </ul>
              <div className="flex flex-wrap gap-2">
                {loaded.check.errorCount > 0 && (
                  <Button
                    variant="outline"
                    data-testid="mass-error-file"
                    onClick={() =>
                      downloadText(
                        `${loaded.file.name.replace(/\.[^.]+$/, '')}-errors.csv`,
                        errorCsv(loaded.check.rows, (r) => r.errors.map((e) => errorText(t, e)).join('; ')),
                      )
                    }
                  >
                    <FileWarning aria-hidden />
                    {t('massPayments.errorFile', { count: loaded.check.errorCount })}
                  </Button>
                )}
                {loaded.check.validCount > 0 && untouched && (
                  <Button data-testid="mass-send" disabled={sending} onClick={() => void onSend()}>
                    <Send aria-hidden />
                    {t('massPayments.send', { count: loaded.check.validCount })}
                  </Button>
                )}
              </div>
              {!untouched && <MassProgress progress={progress} queueing={queueing} />}
            </div>
          )}
        </CardContent>
      </Card>
      {loaded && (
        <>
          <div className="flex gap-2" role="group" aria-label={t('massPayments.show.label')}>
            {(['all', 'errors', 'valid'] as const).map((s) => (
              <Button
                key={s}
                size="sm"
                variant={shown === s ? 'default' : 'outline'}
                aria-pressed={shown === s}
                data-testid={`mass-show-${s}`}
                onClick={() => {
                  setShown(s);
                  setState(defaultTableState);
                }}
              >
                {t(`massPayments.show.${s}`)}
              </Button>
            ))}
          </div>
          <div data-testid="mass-rows">
            <DataTable
              columns={columns}
              data={rows}
              total={rows.length}
              serverSidePagination={false}
              state={state}
              onStateChange={setState}
              getRowId={(r) => String(r.line)}
              label={t('massPayments.title')}
            />
          </div>
        </>
      )}
    </div>
  );
}
