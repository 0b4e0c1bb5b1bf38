import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { api } from '@/lib/api-client.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { pastDownloads, saveOnDevice, type PastDownload } from '@/lib/past-downloads.ts';
import { userTimeZone } from '@/lib/user-time-zone.ts';
import { useRequestKey } from '@/lib/use-request-key.ts';
import { defaultReportRange, fromPortalDay, toPortalDay } from '@/lib/report-range.ts';
import { DeviceDownloadItems } from '@/components/exports/device-downloads.tsx';
import { ExportJob } from '@/components/exports/export-progress.tsx';
import { RangeFields } from '@/components/exports/range-fields.tsx';

const FORMATS = ['CSV', 'XLSX', 'PDF', 'MT940', 'CAMT053'] as const;
const KINDS = ['WALLET_STATEMENT', 'TRANSACTION_STATEMENT'] as const;

interface Job {
  id: string;
  kind: string;
  format: string;
  reportName: string;
  parameters: { walletIds?: string[]; fromDate: string; toDate: string };
  status: string;
  linesExpected: number;
  linesDone: number;
  createdAt: string;
}

interface WalletChoice {
  id: string;
  alias: string;
  currencyCode: string;
}

/** Saves a ready export's file on the device, and remembers it in the list of past downloads. */
async function saveFile(job: Job): Promise<void> {
  const bytes = (await api.call<'reports.exportDownload'>('reports.exportDownload', { path: { id: job.id } })) as unknown as Uint8Array;
  saveOnDevice(bytes, { id: job.id, reportName: job.reportName, format: job.format, fromDate: job.parameters.fromDate, toDate: job.parameters.toDate });
}

/** The reports screen (spec 1, service-provider/reports): a statement export as a job, its progress, its file, and past reports. */
export function ReportsScreen() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const requestKey = useRequestKey();
  const initial = defaultReportRange(userTimeZone(), new Date());
  const [kind, setKind] = useState<string>('WALLET_STATEMENT');
  const [format, setFormat] = useState<string>('CSV');
  const [walletId, setWalletId] = useState('');
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState<string | null>(null);
  const [job, setJob] = useState<Job | null>(null);
  const [jobs, setJobs] = useState<Job[]>([]);
  const [wallets, setWallets] = useState<WalletChoice[]>([]);
  const [downloads, setDownloads] = useState<PastDownload[]>(() => pastDownloads());

  const loadJobs = useCallback(async () => {
    const page = (await api.call<'reports.exportList'>('reports.exportList', { query: { page: 0, size: 20 } })) as unknown as { content: Job[] };
    setJobs(page.content);
  }, []);

  useEffect(() => {
    if (!online) return;
    void loadJobs().catch(() => undefined);
    void api
      .call<'spWallets.list'>('spWallets.list', { query: { page: 0, size: 100 } } as never)
      .then((page) => setWallets((page as unknown as { content: WalletChoice[] }).content))
      .catch(() => undefined);
  }, [online, loadJobs]);

  // Follows the running job: lines written of lines expected, until its file is ready.
  useEffect(() => {
    if (!job || job.status === 'READY' || job.status === 'FAILED' || job.status === 'EXPIRED') return;
    const timer = setTimeout(() => {
      void api
        .call<'reports.exportGet'>('reports.exportGet', { path: { id: job.id } })
        .then((next) => {
          setJob(next as unknown as Job);
          if ((next as unknown as Job).status === 'READY') void loadJobs();
        })
        .catch(() => undefined);
    }, 700);
    return () => clearTimeout(timer);
  }, [job, loadJobs]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fromDate = fromPortalDay(from);
    const toDate = fromPortalDay(to);
    if (!fromDate || !toDate) return setError(t('reports.badDate'));
    if (toDate < fromDate) return setError(t('reports.badRange'));
    setError(null);
    const body = {
      kind: kind as (typeof KINDS)[number],
      format: format as (typeof FORMATS)[number],
      reportName: t(kind === 'WALLET_STATEMENT' ? 'reports.kind.WALLET_STATEMENT' : 'reports.kind.TRANSACTION_STATEMENT'),
      fromDate,
      toDate,
      ...(walletId ? { walletIds: [walletId] } : {}),
    };
    const created = await api.call<'reports.exportCreate'>('reports.exportCreate', { body, idempotencyKey: requestKey.keyFor(body) } as never);
    requestKey.succeeded();
    setJob(created as unknown as Job);
  };

  const download = async (target: Job) => {
    await saveFile(target);
    setDownloads(pastDownloads());
  };

  return (
    <div className="flex flex-col gap-6" data-testid="reports-screen">
      <PageHeader title={t('reports.title')} description={t('reports.description')} />
      {online ? (
        <form className="grid max-w-3xl gap-4 rounded-lg border p-4 sm:grid-cols-2" onSubmit={(e) => void submit(e)} data-testid="report-form">
          <label className="flex flex-col gap-1 text-sm">
            {t('reports.kindLabel')}
            <NativeSelect value={kind} onChange={(e) => setKind(e.target.value)} choices={KINDS.map((k) => ({ value: k, label: t(`reports.kind.${k}`) }))} />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t('reports.wallet')}
            <NativeSelect
              value={walletId}
              onChange={(e) => setWalletId(e.target.value)}
              placeholder={t('reports.allWallets')}
              choices={wallets.map((w) => ({ value: w.id, label: `${w.alias} (${w.currencyCode})` }))}
            />
          </label>
          <RangeFields
            from={from}
            to={to}
            onChange={(r) => {
              setFrom(r.from);
              setTo(r.to);
            }}
            testId="report"
          />
          <label className="flex flex-col gap-1 text-sm">
            {t('reports.format')}
            <NativeSelect
              value={format}
              onChange={(e) => setFormat(e.target.value)}
              choices={FORMATS.map((f) => ({ value: f, label: t(`reports.formats.${f}`) }))}
            />
          </label>
          <div className="flex items-end">
            <Button type="submit" data-testid="report-submit">
              {t('reports.generate')}
            </Button>
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive sm:col-span-2">
              {error}
            </p>
          )}
        </form>
      ) : (
        <p role="status" className="rounded-lg border p-4 text-sm" data-testid="reports-offline">
          {t('reports.needsNetwork')}
        </p>
      )}

      {job && (
        <ExportJob
          job={job}
          onDownload={() => void download(job)}
          className="flex max-w-3xl flex-col gap-2 rounded-lg border p-4"
          testId="report-job"
          downloadTestId="report-download"
        />
      )}

      <section className="flex flex-col gap-2" aria-labelledby="past-reports">
        <h2 id="past-reports" className="text-base font-semibold">
          {t('reports.past')}
        </h2>
        <ul className="flex flex-col divide-y rounded-lg border" data-testid="report-list">
          {(online ? jobs : []).map((j) => (
            <li key={j.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span>
                {t(`reports.kind.${j.kind}`)} · {t(`reports.formats.${j.format}`)} ·{' '}
                <span dir="ltr">
                  {toPortalDay(j.parameters.fromDate)} – {toPortalDay(j.parameters.toDate)}
                </span>
              </span>
              <span className="flex items-center gap-2">
                {t(`reports.status.${j.status}`)}
                {j.status === 'READY' && (
                  <Button type="button" size="sm" variant="outline" onClick={() => void download(j)}>
                    {t('reports.download')}
                  </Button>
                )}
              </span>
            </li>
          ))}
          {!online && <DeviceDownloadItems downloads={downloads} />}
        </ul>
      </section>
    </div>
  );
}
