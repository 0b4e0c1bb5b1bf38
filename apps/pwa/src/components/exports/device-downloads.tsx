import { useTranslation } from 'react-i18next';
import { toPortalDay } from '@/lib/report-range.ts';
import type { PastDownload } from '@/lib/past-downloads.ts';

/** The exports this device downloaded, as items of a list: what can still be found offline. */
export function DeviceDownloadItems({ downloads }: { downloads: PastDownload[] }) {
  const { t } = useTranslation();
  if (downloads.length === 0) return <li className="p-3 text-sm text-muted-foreground">{t('reports.noDownloads')}</li>;
  return downloads.map((d) => (
    <li key={d.id} className="p-3 text-sm" data-testid="report-device-download">
      {/* Isolated: a name or range in one direction keeps its order inside a line in the other. */}
      <bdi>{d.reportName}</bdi> · {t(`reports.formats.${d.format}`)} ·{' '}
      <bdi dir="ltr" className="whitespace-nowrap">
        {toPortalDay(d.fromDate)} – {toPortalDay(d.toDate)}
      </bdi>
    </li>
  ));
}
