import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { choiceOf, choiceOption, examples } from '../../command-factory.ts';
import { UsageError } from '../../errors.ts';
import { renderJson } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { fetchJobFile, waitForJob, type ExportJob } from '../reports/job.ts';

const EXPORT_FORMATS = ['CSV', 'XLSX', 'PDF', 'MT940', 'CAMT053'] as const;
const KINDS = ['WALLET', 'TRANSACTION'] as const;

interface ExportOptions {
  wallet?: string[];
  from?: string;
  to?: string;
  format?: string;
  kind?: string;
  name?: string;
  output?: string;
}

/** yyyy-MM-dd, or dd/MM/yyyy as the portal writes it; anything else is a usage error naming the option. */
function dateOption(name: string, value: string | undefined): string {
  if (value === undefined) throw new UsageError(`--${name} is required (yyyy-MM-dd or dd/MM/yyyy)`);
  const portal = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const iso = portal ? `${portal[3]}-${portal[2]}-${portal[1]}` : value;
  const day = new Date(`${iso}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== iso) {
    throw new UsageError(`--${name} ${value} is not a date (yyyy-MM-dd or dd/MM/yyyy)`);
  }
  return iso;
}

/**
 * `corridor statements export`: asks the server for a statement export of the caller's wallets (a job
 * on its queue), follows it (lines written of lines expected) and downloads the file to `-o FILE`
 * (`-o -`: stdout). A broken download is resumed by running `corridor reports get ID -o FILE`.
 * @internal used by its tests
 */
export async function statementsExport(context: CommandContext, options: ExportOptions): Promise<void> {
  const format = choiceOf('--format', options.format ?? 'csv', EXPORT_FORMATS);
  const kind = choiceOf('--kind', options.kind ?? 'wallet', KINDS);
  const fromDate = dateOption('from', options.from);
  const toDate = dateOption('to', options.to);
  if (toDate < fromDate) throw new UsageError(`--to ${toDate} is before --from ${fromDate}`);
  const output = options.output;
  if (output === undefined || output === '') throw new UsageError('-o FILE is required (-o - writes to stdout)');
  const signed = await signedInApi(context);
  const created = (await signed.api.call('reports.exportCreate', {
    body: {
      kind: kind === 'WALLET' ? 'WALLET_STATEMENT' : 'TRANSACTION_STATEMENT',
      format,
      reportName: options.name ?? `statement ${fromDate} ${toDate}`,
      fromDate,
      toDate,
      ...(options.wallet && options.wallet.length > 0 ? { walletIds: options.wallet } : {}),
    },
  })) as ExportJob;
  const job = await waitForJob(context, signed, created.id);
  const bytes = await fetchJobFile(context, signed, job, output);
  if (output === '-') return;
  if (context.mode === 'json') context.terminal.stdout(renderJson({ ...job, output, bytes }));
  else context.terminal.stderr(`Wrote ${output}: ${job.linesDone} lines, ${bytes} bytes (${format}, export ${job.id}).\n`);
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

export function newStatementsExportCommand(contextOf: ContextOf): Command {
  return new Command('export')
    .description("export a wallet or transaction statement of the caller's wallets to a file")
    .option('--wallet <id>', 'a wallet to include (repeat for several; default: every wallet in scope)', collect)
    .option('--from <date>', 'first day (yyyy-MM-dd or dd/MM/yyyy)')
    .option('--to <date>', 'last day (yyyy-MM-dd or dd/MM/yyyy)')
    .addOption(choiceOption('--format <format>', 'file format (any case; default csv)', EXPORT_FORMATS))
    .addOption(choiceOption('--kind <kind>', 'wallet statement (its lines) or transaction statement (a row per transaction)', KINDS))
    .option('--name <text>', 'the report name shown in the file and the list')
    .option('-o, --output <file>', 'where to write the file; - for stdout')
    .addHelpText(
      'after',
      `${examples([
        'corridor statements export --wallet 0193… --from 2026-01-01 --to 2026-03-31 --format camt053 -o q1.xml',
        'corridor statements export --from 01/01/2026 --to 31/01/2026 --format csv -o - | head',
      ])}
A progress bar (lines written, then bytes received) is drawn on stderr when it is a terminal, never under --json.
A download that breaks exits 8; run "corridor reports get ID -o FILE" to resume it from where it stopped.`,
    )
    .action(async (options: ExportOptions, command: Command) => {
      await statementsExport(contextOf(command), options);
    });
}
