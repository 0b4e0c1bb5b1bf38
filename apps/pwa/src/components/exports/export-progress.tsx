import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';

interface ExportJobView {
  status: string;
  linesDone: number;
  linesExpected: number;
}

interface ExportJobProps {
  job: ExportJobView;
  onDownload: () => void;
  /** False while the file cannot be fetched (offline). */
  canDownload?: boolean;
  className: string;
  /** Test ids of the section and of its download button. */
  testId: string;
  downloadTestId: string;
}

/** A running export: its progress, and its file's download once ready. */
export function ExportJob({ job, onDownload, canDownload = true, className, testId, downloadTestId }: ExportJobProps) {
  const { t } = useTranslation();
  return (
    <section className={className} data-testid={testId} aria-live="polite">
      <ExportProgress status={job.status} linesDone={job.linesDone} linesExpected={job.linesExpected} />
      {job.status === 'READY' && (
        <Button type="button" onClick={onDownload} disabled={!canDownload} data-testid={downloadTestId}>
          {t('reports.download')}
        </Button>
      )}
    </section>
  );
}

/** An export's status, lines written of lines expected, and its progress bar. */
function ExportProgress({ status, linesDone, linesExpected }: ExportJobView) {
  const { t } = useTranslation();
  const percent = linesExpected > 0 ? Math.round((linesDone / linesExpected) * 100) : status === 'READY' ? 100 : 0;
  return (
    <>
      <div className="flex items-center justify-between gap-2 text-sm">
        <span>{t(`reports.status.${status}`)}</span>
        <span dir="ltr">
          {linesDone} / {linesExpected}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={t('reports.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded bg-muted"
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
    </>
  );
}
