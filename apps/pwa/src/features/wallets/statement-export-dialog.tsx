import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceDownloadItems } from '@/components/exports/device-downloads.tsx';
import { ExportJob } from '@/components/exports/export-progress.tsx';
import { RangeFields } from '@/components/exports/range-fields.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { api } from '@/lib/api-client.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { pastDownloads, saveOnDevice, type PastDownload } from '@/lib/past-downloads.ts';
import { userTimeZone } from '@/lib/user-time-zone.ts';
import { useRequestKey } from '@/lib/use-request-key.ts';
import { defaultReportRange, fromPortalDay } from '@/lib/report-range.ts';

const FORMATS = ['CSV', 'XLSX', 'PDF', 'MT940', 'CAMT053'] as const;
type Format = (typeof FORMATS)[number];
const DONE = new Set(['READY', 'FAILED', 'EXPIRED']);

/** What was asked: the file is named after it and remembered with it. */
interface Asked {
  reportName: string;
  format: Format;
  fromDate: string;
  toDate: string;
}

/**
 * An export under way or done. A short statement is written while the call waits and answers its file
 * (`file`); a long one answers a job, followed until its file is ready.
 */
interface Run {
  asked: Asked;
  id: string;
  file?: string;
  status: string;
  linesDone: number;
  linesExpected: number;
}

export interface StatementExportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  wallet: { id: string; alias: string };
}

/** The wallet page's "Export statement": the range and format, the export's progress and its file, and what this device downloaded. */
export function StatementExportDialog({ open, onOpenChange, wallet }: StatementExportDialogProps) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const requestKey = useRequestKey();
  const [range, setRange] = useState(() => defaultReportRange(userTimeZone(), new Date()));
  const [format, setFormat] = useState<Format>('CSV');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const [downloads, setDownloads] = useState<PastDownload[]>(() => pastDownloads());

  // Follows a job: lines written of lines expected, until its file is ready.
  useEffect(() => {
    if (!run || run.file || DONE.has(run.status)) return;
    const timer = setTimeout(() => {
      void api
        .call<'reports.exportGet'>('reports.exportGet', { path: { id: run.id } })
        .then((job) =>
          setRun((current) =>
            current?.id === job.id ? { ...current, status: job.status, linesDone: job.linesDone, linesExpected: job.linesExpected } : current,
          ),
        )
        .catch(() => undefined);
    }, 700);
    return () => clearTimeout(timer);
  }, [run]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fromDate = fromPortalDay(range.from);
    const toDate = fromPortalDay(range.to);
    if (!fromDate || !toDate) return setError(t('reports.badDate'));
    if (toDate < fromDate) return setError(t('reports.badRange'));
    setError(null);
    setSending(true);
    const asked: Asked = { reportName: `${t('reports.kind.WALLET_STATEMENT')} ${wallet.alias}`, format, fromDate, toDate };
    try {
      const body = { ...asked, walletIds: [wallet.id] };
      const result = await api.call<'reports.merchantWalletStatementExportFile'>('reports.merchantWalletStatementExportFile', {
        body,
        idempotencyKey: requestKey.keyFor(body),
      });
      requestKey.succeeded();
      setRun(
        result.jobId
          ? { asked, id: result.jobId, status: result.status ?? 'QUEUED', linesDone: 0, linesExpected: result.rows }
          : { asked, id: result.fileName, file: result.fileName, status: 'READY', linesDone: result.rows, linesExpected: result.rows },
      );
    } catch {
      setError(t('merchantWallets.export.failed'));
    } finally {
      setSending(false);
    }
  };

  const download = async (done: Run) => {
    setError(null);
    try {
      const bytes = done.file
        ? await api.call<'files.download'>('files.download', { path: { filename: done.file } })
        : await api.call<'reports.exportDownload'>('reports.exportDownload', { path: { id: done.id } });
      saveOnDevice(bytes as Uint8Array, { id: done.id, ...done.asked });
      setDownloads(pastDownloads());
    } catch {
      setError(t('merchantWallets.export.downloadFailed'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('merchantWallets.export.close')} data-testid="statement-export-dialog" className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('merchantWallets.export.title')}</DialogTitle>
          <DialogDescription>{t('merchantWallets.export.description', { alias: wallet.alias })}</DialogDescription>
        </DialogHeader>
        {online ? (
          <form className="grid gap-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)} data-testid="statement-export-form">
            <RangeFields from={range.from} to={range.to} onChange={setRange} testId="statement-export" />
            <label className="flex flex-col gap-1 text-sm">
              {t('reports.format')}
              <NativeSelect
                value={format}
                onChange={(e) => setFormat(e.target.value as Format)}
                choices={FORMATS.map((f) => ({ value: f, label: t(`reports.formats.${f}`) }))}
                data-testid="statement-export-format"
              />
            </label>
            <div className="flex items-end">
              <Button type="submit" disabled={sending || (run !== null && !DONE.has(run.status))} data-testid="statement-export-submit">
                {t('merchantWallets.export.submit')}
              </Button>
            </div>
          </form>
        ) : (
          <p role="status" className="rounded-lg border p-3 text-sm" data-testid="statement-export-offline">
            {t('merchantWallets.export.needsNetwork')}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive" data-testid="statement-export-error">
            {error}
          </p>
        )}
        {run && (
          <ExportJob
            job={run}
            onDownload={() => void download(run)}
            canDownload={online}
            className="flex flex-col gap-2 rounded-lg border p-3"
            testId="statement-export-job"
            downloadTestId="statement-export-download"
          />
        )}
        <section className="flex flex-col gap-2" aria-labelledby="statement-export-past">
          <h3 id="statement-export-past" className="text-sm font-semibold">
            {t('merchantWallets.export.past')}
          </h3>
          <ul className="flex max-h-48 flex-col divide-y overflow-y-auto rounded-lg border" data-testid="statement-export-downloads">
            <DeviceDownloadItems downloads={downloads} />
          </ul>
        </section>
      </DialogContent>
    </Dialog>
  );
}
