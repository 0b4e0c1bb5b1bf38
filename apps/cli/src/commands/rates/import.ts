import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { UsageError } from '../../errors.ts';
import { renderData } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';

/**
 * `corridor rates import FILE` (rates.import): sends the European Central Bank's daily reference rates
 * file (eurofxref-daily.xml) as it is. The server reads it with an XML parser and is the one place its
 * rules live (a second reader here could disagree with it): a file it cannot read is refused whole,
 * with a 400 naming `file` and the line, so the command exits 6 and nothing is imported.
 * @internal used by its tests
 */
export async function ratesImport(context: CommandContext, file: string): Promise<void> {
  let xml: string;
  try {
    xml = await context.readFile(file);
  } catch (error) {
    throw new UsageError(`${file}: ${(error as Error).message}`);
  }
  const { api } = await signedInApi(context);
  const answer = await api.call('rates.import', { body: { file: new Blob([xml], { type: 'application/xml' }) } });
  context.terminal.stdout(renderData(context.mode === 'json' ? answer : [answer], context.mode));
  if (context.mode !== 'json') {
    context.terminal.stderr(`Imported ${answer.ratesStored} ${answer.rateProviderId} rates of ${answer.asOf}; ${answer.dealsUpdated} deal IBRs updated.\n`);
  }
}

/** The `rates import` command. */
export function newRatesImportCommand(contextOf: ContextOf): Command {
  return new Command('import')
    .description("import a provider's daily reference rates file (today the ECB's eurofxref-daily.xml)")
    .argument('<file>', 'the rates file')
    .addHelpText(
      'after',
      `${examples(['corridor rates import eurofxref-daily.xml', 'corridor --json rates import eurofxref-daily.xml'])}
Any valid XML form of the file is read. A file that cannot be read whole (malformed XML, a Cube without a
valid rate, an unknown element) imports nothing and exits 6, the error naming the line.`,
    )
    .action(async (file: string, _options: unknown, command: Command) => {
      await ratesImport(contextOf(command), file);
    });
}
