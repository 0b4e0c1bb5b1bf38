import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { choiceOf, choiceOption, examples } from '../../command-factory.ts';
import { renderJson, renderRows, type Column } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import type { ExportJob } from './job.ts';

const STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED', 'EXPIRED'] as const;

const COLUMNS: ReadonlyArray<Column<ExportJob>> = [
  { header: 'ID', value: (j) => j.id },
  { header: 'STATUS', value: (j) => j.status },
  { header: 'FORMAT', value: (j) => j.format },
  { header: 'KIND', value: (j) => j.kind },
  { header: 'RANGE', value: (j) => `${j.parameters.fromDate}..${j.parameters.toDate}` },
  { header: 'LINES', value: (j) => `${j.linesDone}/${j.linesExpected}` },
  { header: 'NAME', value: (j) => j.reportName },
  { header: 'CREATED', value: (j) => j.createdAt },
];

/** `corridor reports list`: the organisation's statement exports, newest first. @internal used by its tests */
export async function reportsList(context: CommandContext, options: { status?: string }): Promise<void> {
  const status = options.status === undefined ? undefined : choiceOf('--status', options.status, STATUSES);
  const { api } = await signedInApi(context);
  const answer = await api.call('reports.exportList', { query: { page: 0, size: 100, ...(status ? { status } : {}) } });
  if (context.mode === 'json') context.terminal.stdout(renderJson(answer.content));
  else context.terminal.stdout(renderRows(COLUMNS, answer.content as ExportJob[], context.mode));
}

export function newReportsListCommand(contextOf: ContextOf): Command {
  return new Command('list')
    .description("the organisation's statement exports, newest first")
    .addOption(choiceOption('--status <status>', 'only this status (any case)', STATUSES))
    .addHelpText('after', examples(['corridor reports list', 'corridor --json reports list --status READY']))
    .action(async (options: { status?: string }, command: Command) => {
      await reportsList(contextOf(command), options);
    });
}
