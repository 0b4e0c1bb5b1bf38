import { Command } from 'commander';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { newRatesImportCommand } from './import.ts';

/** The `rates` group: exchange-rate operations. */
export function newRatesCommand(contextOf: ContextOf): Command {
  return new Command('rates')
    .description("exchange rates: import a provider's reference rates (ADMIN)")
    .addHelpText('after', examples(['corridor rates import eurofxref-daily.xml']))
    .addCommand(newRatesImportCommand(contextOf));
}
