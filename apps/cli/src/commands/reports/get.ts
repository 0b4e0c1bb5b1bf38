import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { renderData, renderJson } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { fetchJobFile, waitForJob, type ExportJob } from './job.ts';

/**
 * `corridor reports get ID [-o FILE]`: one export and where it stands; with -o, waits for it and
 * downloads its file, continuing a download that broke (FILE.part) where it stopped.
 * @internal used by its tests
 */
export async function reportsGet(context: CommandContext, id: string, options: { output?: string }): Promise<void> {
  const signed = await signedInApi(context);
  if (options.output === undefined) {
    const job = (await signed.api.call('reports.exportGet', { path: { id } })) as ExportJob;
    context.terminal.stdout(context.mode === 'json' ? renderJson(job) : renderData([job], context.mode));
    return;
  }
  const job = await waitForJob(context, signed, id);
  const bytes = await fetchJobFile(context, signed, job, options.output);
  if (options.output === '-') return;
  if (context.mode === 'json') context.terminal.stdout(renderJson({ ...job, output: options.output, bytes }));
  else context.terminal.stderr(`Wrote ${options.output}: ${job.linesDone} lines, ${bytes} bytes.\n`);
}

export function newReportsGetCommand(contextOf: ContextOf): Command {
  return new Command('get')
    .description('one statement export; with -o, its file (resumes a broken download)')
    .argument('<id>', 'the export id')
    .option('-o, --output <file>', 'download the file here; - for stdout')
    .addHelpText('after', examples(['corridor reports get 0193…', 'corridor reports get 0193… -o statement.pdf']))
    .action(async (id: string, options: { output?: string }, command: Command) => {
      await reportsGet(contextOf(command), id, options);
    });
}
