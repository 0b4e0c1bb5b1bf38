import { Command } from 'commander';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import type { CommandContext } from '../../command-context.ts';
import { readProfile } from '../../config/config-store.ts';
import { contractDefinitions } from '../../contract/definitions.ts';
import { CliError } from '../../errors.ts';
import { ExitCode } from '../../exit-codes.ts';
import type { Column } from '../../output/render.ts';
import { renderJson, renderRows } from '../../output/render.ts';
import { resolveApiRoot } from '../../session.ts';
import { marksServed, servedCalls } from './served-calls.ts';

interface CallRow {
  id: string;
  method: string;
  path: string;
  audience: string;
  served?: boolean;
}

const BASE_COLUMNS: ReadonlyArray<Column<CallRow>> = [
  { header: 'METHOD', value: (r) => r.method },
  { header: 'PATH', value: (r) => r.path },
  { header: 'AUDIENCE', value: (r) => r.audience },
  { header: 'ID', value: (r) => r.id },
];

/**
 * `corridor calls [--served]`: the contract's calls; with --served, which of them the server answers,
 * read from its /openapi.json (no sign-in needed, but the token is sent when there is one).
 * @internal
 */
export async function callsList(context: CommandContext, options: { served?: boolean }): Promise<void> {
  const rows: CallRow[] = contractDefinitions().map(({ id, definition }) => ({
    id,
    method: definition.method,
    path: definition.path,
    audience: definition.audience,
  }));

  if (!options.served) {
    context.terminal.stdout(context.mode === 'json' ? renderJson({ total: rows.length, calls: rows }) : renderRows(BASE_COLUMNS, rows, context.mode));
    return;
  }

  const profile = await readProfile(context.config, context.profileName);
  const apiRoot = resolveApiRoot(context, profile);
  const api = context.createApi(profile.token ? { apiRoot, token: profile.token } : { apiRoot });
  const document = await api.request('GET', '/openapi.json');
  if (!marksServed(document)) {
    throw new CliError(`${apiRoot}/openapi.json does not mark served calls (x-corridor-served)`, ExitCode.unexpected);
  }
  const served = servedCalls(document);
  for (const row of rows) row.served = served.has(row.id) || served.has(`${row.method} ${row.path}`);
  const servedCount = rows.filter((r) => r.served).length;

  if (context.mode === 'json') {
    context.terminal.stdout(renderJson({ apiRoot, total: rows.length, served: servedCount, calls: rows }));
    return;
  }
  const columns: ReadonlyArray<Column<CallRow>> = [...BASE_COLUMNS, { header: 'SERVED', value: (r) => (r.served ? 'yes' : 'no') }];
  context.terminal.stdout(renderRows(columns, rows, context.mode));
  context.terminal.stderr(`${servedCount} of ${rows.length} calls served by ${apiRoot}\n`);
}

/** The `calls` command. */
export function newCallsCommand(contextOf: ContextOf): Command {
  return new Command('calls')
    .description("list the contract's calls (method, path, audience); --served asks the server which it answers")
    .option('--served', "read the server's /openapi.json and mark the calls it serves")
    .addHelpText('after', examples(['corridor calls', 'corridor calls --served', 'corridor calls | grep internal']))
    .action(async (options: { served?: boolean }, command: Command) => {
      await callsList(contextOf(command), options);
    });
}
