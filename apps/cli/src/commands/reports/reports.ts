import { Command } from 'commander';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { newReportsGetCommand } from './get.ts';
import { newReportsListCommand } from './list.ts';

/** The `reports` group: the statement exports of the organisation. */
export function newReportsCommand(contextOf: ContextOf): Command {
  return new Command('reports')
    .description('reports: list, get (statement exports and their files)')
    .addHelpText('after', examples(['corridor reports list', 'corridor reports get 0193… -o statement.csv']))
    .addCommand(newReportsListCommand(contextOf))
    .addCommand(newReportsGetCommand(contextOf));
}
