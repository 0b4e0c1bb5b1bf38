import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answers, answersById, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { StatementExportDialog } from './statement-export-dialog.tsx';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const wallet = { id: 'w-1', alias: 'Globex AED' };
const saved: Array<{ name: string; blob: Blob | undefined }> = [];
const blobs = new Map<string, Blob>();
const { createObjectURL, revokeObjectURL } = URL;

beforeAll(() => {
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
});
afterAll(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});
beforeEach(() => {
  resetScriptedApi();
  saved.length = 0;
  blobs.clear();
  // The browser saves the file when the link is clicked; here the click records what would be saved.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const job = (status: string, linesDone: number) => ({
  id: 'job-1',
  kind: 'WALLET_STATEMENT',
  format: 'MT940',
  reportName: 'Wallet statement Globex AED',
  parameters: { walletIds: ['w-1'], fromDate: '2026-01-01', toDate: '2026-01-31' },
  status,
  linesExpected: 40_000,
  linesDone,
  createdAt: '2026-02-01T00:00:00Z',
});

function renderDialog() {
  render(<StatementExportDialog open onOpenChange={() => {}} wallet={wallet} />);
}

function setRange(from: string, to: string) {
  fireEvent.change(screen.getByTestId('statement-export-from'), { target: { value: from } });
  fireEvent.change(screen.getByTestId('statement-export-to'), { target: { value: to } });
}

describe('statement export dialog', () => {
  it('refuses a day that is not dd/MM/yyyy and a range that ends before it starts, sending nothing', () => {
    renderDialog();
    setRange('2026-01-01', '31/01/2026');
    fireEvent.click(screen.getByTestId('statement-export-submit'));
    expect(screen.getByTestId('statement-export-error').textContent).toBe('Enter the dates as dd/MM/yyyy.');
    setRange('31/01/2026', '01/01/2026');
    fireEvent.click(screen.getByTestId('statement-export-submit'));
    expect(screen.getByTestId('statement-export-error').textContent).toBe('The end date is before the start date.');
    expect(sent).toHaveLength(0);
  });

  it("fills both days from spec 9's quick options, one day by default, and keeps the pressed one on a second click", () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-15T10:00:00Z') });
    renderDialog();
    const from = () => (screen.getByTestId('statement-export-from') as HTMLInputElement).value;
    const to = () => (screen.getByTestId('statement-export-to') as HTMLInputElement).value;
    expect([from(), to()]).toEqual(['15/03/2026', '15/03/2026']);
    expect(screen.getByRole('button', { name: 'One day' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'One month' }));
    expect([from(), to()]).toEqual(['15/02/2026', '15/03/2026']);
    expect(screen.getByRole('button', { name: 'One month' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'One day' }).getAttribute('aria-pressed')).toBe('false');
    // The range is required: a second click on the pressed option keeps it.
    fireEvent.click(screen.getByRole('button', { name: 'One month' }));
    expect([from(), to()]).toEqual(['15/02/2026', '15/03/2026']);
    vi.useRealTimers();
  });

  it('follows a long export as a job to its file, then lists the download on the device', async () => {
    answers.push(() =>
      Promise.resolve({
        fileName: '',
        url: '/v1/reports/exports/job-1',
        rows: 40_000,
        format: 'MT940',
        generatedAt: '2026-02-01T00:00:00Z',
        jobId: 'job-1',
        status: 'QUEUED',
      }),
    );
    const polls = [job('RUNNING', 10_000), job('READY', 40_000)];
    answersById.set('reports.exportGet', () => Promise.resolve(polls.length > 1 ? polls.shift() : polls[0]));
    answersById.set('reports.exportDownload', () => Promise.resolve(new TextEncoder().encode(':20:STATEMENT')));
    renderDialog();
    expect(screen.getByTestId('statement-export-downloads').textContent).toBe('No report was downloaded on this device yet.');
    setRange('01/01/2026', '31/01/2026');
    fireEvent.change(screen.getByTestId('statement-export-format'), { target: { value: 'MT940' } });
    fireEvent.click(screen.getByTestId('statement-export-submit'));

    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0'));
    expect(sent[0]).toMatchObject({
      id: 'reports.merchantWalletStatementExportFile',
      body: { walletIds: ['w-1'], format: 'MT940', fromDate: '2026-01-01', toDate: '2026-01-31', reportName: 'Wallet statement Globex AED' },
    });
    // While the job runs the form cannot start another.
    expect((screen.getByTestId('statement-export-submit') as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25'));
    expect(screen.getByTestId('statement-export-job').textContent).toContain('Running');
    expect(screen.queryByTestId('statement-export-download')).toBeNull();
    await waitFor(() => expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100'));

    fireEvent.click(screen.getByTestId('statement-export-download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(sent.at(-1)).toMatchObject({ id: 'reports.exportDownload', path: { id: 'job-1' } });
    expect(saved[0]?.name).toBe('Wallet-statement-Globex-AED-2026-01-01-2026-01-31.sta');
    expect(saved[0]?.blob?.size).toBe(':20:STATEMENT'.length);
    const listed = within(screen.getByTestId('statement-export-downloads')).getAllByTestId('report-device-download');
    expect(listed.map((li) => li.textContent)).toEqual(['Wallet statement Globex AED · MT940 · 01/01/2026 – 31/01/2026']);
    expect((screen.getByTestId('statement-export-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('downloads a short export answered at once through the files call, with no job to follow', async () => {
    answers.push(() =>
      Promise.resolve({ fileName: 'abc.csv', url: '/files/abc.csv', rows: 12, format: 'CSV', generatedAt: '2026-02-01T00:00:00Z', status: 'READY' }),
    );
    answersById.set('files.download', () => Promise.resolve(new TextEncoder().encode('date,walletId\r\n')));
    renderDialog();
    fireEvent.click(screen.getByTestId('statement-export-submit'));
    await screen.findByTestId('statement-export-download');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('statement-export-job').textContent).toContain('12 / 12');
    fireEvent.click(screen.getByTestId('statement-export-download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(sent.map((s) => s.id)).toEqual(['reports.merchantWalletStatementExportFile', 'files.download']);
    expect(sent[1]).toMatchObject({ path: { filename: 'abc.csv' } });
    expect(saved[0]?.name).toMatch(/\.csv$/);
  });

  it('says when the server refuses the export, and the form stays usable', async () => {
    answers.push(() => Promise.reject(new Error('refused')));
    renderDialog();
    fireEvent.click(screen.getByTestId('statement-export-submit'));
    expect((await screen.findByTestId('statement-export-error')).textContent).toBe('The statement could not be exported. Check the range and try again.');
    expect(screen.queryByTestId('statement-export-job')).toBeNull();
    expect((screen.getByTestId('statement-export-submit') as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends the same export again under the same Idempotency-Key after a failure, and a new one after a success', async () => {
    const ready = () =>
      Promise.resolve({ fileName: 'f.csv', url: '/files/f.csv', rows: 3, format: 'CSV', generatedAt: '2026-02-01T00:00:00Z', status: 'READY' });
    answers.push(() => Promise.reject(new Error('no answer')), ready, ready);
    renderDialog();
    fireEvent.click(screen.getByTestId('statement-export-submit'));
    await screen.findByTestId('statement-export-error');
    fireEvent.click(screen.getByTestId('statement-export-submit'));
    await screen.findByTestId('statement-export-download');
    fireEvent.click(screen.getByTestId('statement-export-submit'));
    await waitFor(() => expect(sent.filter((c) => c.id === 'reports.merchantWalletStatementExportFile')).toHaveLength(3));
    const keys = sent.filter((c) => c.id === 'reports.merchantWalletStatementExportFile').map((c) => c.idempotencyKey);
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('offline says the export needs the network and still lists what this device downloaded', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    localStorage.setItem(
      'corridor.reports.downloads',
      JSON.stringify([
        {
          id: 'x',
          reportName: 'Wallet statement Globex AED',
          format: 'PDF',
          fromDate: '2026-01-01',
          toDate: '2026-01-31',
          downloadedAt: '2026-02-01T00:00:00Z',
        },
      ]),
    );
    renderDialog();
    expect(screen.queryByTestId('statement-export-form')).toBeNull();
    expect(screen.getByTestId('statement-export-offline').textContent).toContain('needs the network');
    expect(screen.getByTestId('report-device-download').textContent).toBe('Wallet statement Globex AED · PDF · 01/01/2026 – 31/01/2026');
    expect(sent).toHaveLength(0);
  });
});
