import { Command } from 'commander';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { newStatementsExportCommand } from './export.ts';

/** The `statements` group: statement exports in every format. */
export function newStatementsCommand(contextOf: ContextOf): Command {
  return new Command('statements')
    .description('statements: export (CSV, XLSX, PDF, MT940, camt.053)')
    .addHelpText('after', examples(['corridor statements export --from 2026-01-01 --to 2026-01-31 --format mt940 -o jan.sta']))
    .addCommand(newStatementsExportCommand(contextOf));
}
