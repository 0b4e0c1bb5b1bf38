/** The reports this device downloaded, newest first: listed even offline. */
export interface PastDownload {
  id: string;
  reportName: string;
  format: string;
  fromDate: string;
  toDate: string;
  downloadedAt: string;
}

const KEY = 'corridor.reports.downloads';

export function pastDownloads(): PastDownload[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as PastDownload[]) : [];
  } catch {
    return [];
  }
}

export function rememberDownload(entry: PastDownload): void {
  const rest = pastDownloads().filter((d) => d.id !== entry.id);
  localStorage.setItem(KEY, JSON.stringify([entry, ...rest].slice(0, 50)));
}
