import { SingleBar } from 'cli-progress';
import type { CommandContext } from '../../command-context.ts';
import { download } from '../../client/download.ts';
import { CliError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';
import type { SignedIn } from '../../session.ts';

/** A statement export job as the server answers it (GET /v1/reports/exports/{id}). */
export interface ExportJob {
  id: string;
  kind: string;
  format: string;
  reportName: string;
  parameters: { walletIds?: string[]; fromDate: string; toDate: string };
  status: 'QUEUED' | 'RUNNING' | 'READY' | 'FAILED' | 'EXPIRED';
  linesExpected: number;
  linesDone: number;
  fileName: string | null;
  size: number | null;
  downloadUrl: string;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string;
}

/** A progress bar on stderr when it is a terminal and the output is not JSON; otherwise nothing is drawn. */
function progressBar(context: CommandContext, label: string): { update(done: number, total: number): void; stop(): void } {
  if (context.terminal.stderrIsTTY !== true || context.mode === 'json') return { update: () => undefined, stop: () => undefined };
  const bar = new SingleBar({
    format: `${label} [{bar}] {percentage}% | {value}/{total}`,
    stream: process.stderr,
    hideCursor: true,
    clearOnComplete: true,
  });
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(Math.max(total, 1), done);
        started = true;
      }
      bar.setTotal(Math.max(total, 1));
      bar.update(done);
    },
    stop: () => bar.stop(),
  };
}

/** Polls a job until its file is ready, showing lines written of lines expected; a failed or expired job exits 7 or 5. */
export async function waitForJob(context: CommandContext, signed: SignedIn, id: string): Promise<ExportJob> {
  const sleep = context.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const bar = progressBar(context, 'lines');
  try {
    for (;;) {
      const job = (await signed.api.call('reports.exportGet', { path: { id } })) as ExportJob;
      bar.update(job.linesDone, job.linesExpected);
      if (job.status === 'READY') return job;
      if (job.status === 'FAILED') throw new CliError(`export ${id} failed on the server: ${job.error ?? 'no reason given'}`, ExitCode.server);
      if (job.status === 'EXPIRED') throw new CliError(`export ${id} has expired; its file is gone`, ExitCode.notFound);
      await sleep(500);
    }
  } finally {
    bar.stop();
  }
}

/** Downloads a ready job's file to `output` (`-`: stdout), with a byte progress bar on a terminal; resumes a broken download. */
export async function fetchJobFile(context: CommandContext, signed: SignedIn, job: ExportJob, output: string): Promise<number> {
  const bar = progressBar(context, 'bytes');
  try {
    const { bytes } = await download(context, signed, job.downloadUrl, output, (received, total) => bar.update(received, total ?? job.size ?? received));
    return bytes;
  } finally {
    bar.stop();
  }
}
