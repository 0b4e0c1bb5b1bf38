import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { confirmMoneyMove } from '../../confirm.ts';
import { UsageError } from '../../errors.ts';
import { renderData } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { paymentSide } from './payment-scope.ts';

/**
 * `corridor payments repush ID` (a TSP's): sends a payment the bank has not answered to the payout rail
 * again. The bank knows the payment by its id, so a repush never pays twice; it still asks first.
 * @internal used by its tests
 */
export async function paymentsRepush(context: CommandContext, paymentId: string, options: { yes?: boolean }): Promise<void> {
  const { api } = await signedInApi(context);
  if ((await paymentSide(api)) !== 'tsp') throw new UsageError("re-push is a service provider's action: a merchant retries a failed payment instead");
  await confirmMoneyMove(context, `Send payment ${paymentId} to the bank again?`, options.yes);
  const answer = await api.call('spPayments.repush', { path: { paymentId } });
  context.terminal.stdout(renderData(answer, context.mode));
}

export function newPaymentsRepushCommand(contextOf: ContextOf): Command {
  return new Command('repush')
    .description('send a PROCESSING payment to the bank again (service provider; asks first, --yes to skip)')
    .argument('<paymentId>', 'the payment id')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', examples(['corridor payments repush 0193c3c2-…', 'corridor --json payments repush 0193c3c2-… --yes']))
    .action(async (paymentId: string, options: { yes?: boolean }, command: Command) => {
      await paymentsRepush(contextOf(command), paymentId, options);
    });
}
