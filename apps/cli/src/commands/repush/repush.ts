import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { confirmMoneyMove } from '../../confirm.ts';
import { renderData } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';

/**
 * `corridor repush TRANSACTION_ID` (operations, ADMIN): the internal re-push (`PUT /v1/internal/re-push/{id}`)
 * of a transaction whose correspondent did not answer. Asks first unless --yes.
 * @internal used by its tests
 */
export async function repush(context: CommandContext, transactionId: string, options: { yes?: boolean }): Promise<void> {
  const { api } = await signedInApi(context);
  await confirmMoneyMove(context, `Push transaction ${transactionId} to its correspondent again?`, options.yes);
  const answer = await api.call('internalTransactions.rePush', { path: { transactionId } });
  context.terminal.stdout(renderData(answer, context.mode));
}

export function newRepushCommand(contextOf: ContextOf): Command {
  return new Command('repush')
    .description('push a transaction to its correspondent again (operations; asks first, --yes to skip)')
    .argument('<transactionId>', 'the transaction or payment id')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', examples(['corridor repush 0193c3c2-…', 'CORRIDOR_TOKEN="$TOKEN" corridor --json repush 0193c3c2-… --yes']))
    .action(async (transactionId: string, options: { yes?: boolean }, command: Command) => {
      await repush(contextOf(command), transactionId, options);
    });
}
