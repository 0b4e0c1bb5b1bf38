import { Command } from 'commander';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { newPaymentsCancelCommand } from './cancel.ts';
import { newPaymentsGetCommand } from './get.ts';
import { newPaymentsListCommand } from './list.ts';
import { newPaymentsRepushCommand } from './repush.ts';

/** The `payments` group: the signed-in merchant's payments, or a service provider's merchants'. */
export function newPaymentsCommand(contextOf: ContextOf): Command {
  return new Command('payments')
    .description("payments: list, get, cancel, repush (a merchant's own, or a service provider's merchants')")
    .addHelpText(
      'after',
      examples([
        'corridor payments list --status INITIATED',
        'corridor payments get 0193c3c2-…',
        'corridor payments cancel 0193c3c2-… --reason "Duplicate"',
        'corridor payments repush 0193c3c2-… --yes',
      ]),
    )
    .addCommand(newPaymentsListCommand(contextOf))
    .addCommand(newPaymentsGetCommand(contextOf))
    .addCommand(newPaymentsCancelCommand(contextOf))
    .addCommand(newPaymentsRepushCommand(contextOf));
}
