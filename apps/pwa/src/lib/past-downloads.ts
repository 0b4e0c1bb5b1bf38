/** The statement exports this device downloaded, newest first: listed even offline. */
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

function rememberDownload(entry: PastDownload): void {
  const rest = pastDownloads().filter((d) => d.id !== entry.id);
  localStorage.setItem(KEY, JSON.stringify([entry, ...rest].slice(0, 50)));
}

const EXTENSIONS: Record<string, string> = { CSV: 'csv', XLSX: 'xlsx', PDF: 'pdf', MT940: 'sta', CAMT053: 'xml' };

/**
 * Hands an export's bytes to the browser as a file named after the report and its range, and remembers it
 * in the list of past downloads.
 */
export function saveOnDevice(bytes: Uint8Array, entry: Omit<PastDownload, 'downloadedAt'>): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart]));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${entry.reportName.replace(/[^\w-]+/g, '-')}-${entry.fromDate}-${entry.toDate}.${EXTENSIONS[entry.format] ?? 'txt'}`;
  link.click();
  URL.revokeObjectURL(url);
  rememberDownload({ ...entry, downloadedAt: new Date().toISOString() });
}
