import { useTranslation } from 'react-i18next';

/** An export's status, lines written of lines expected, and its progress bar. */
export function ExportProgress({ status, linesDone, linesExpected }: { status: string; linesDone: number; linesExpected: number }) {
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
