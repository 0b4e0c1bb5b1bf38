import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { renderJson, renderRecord } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { paymentSide } from './payment-scope.ts';

/**
 * `corridor payments get ID`: one payment with its status timeline.
 * @internal used by its tests
 */
export async function paymentsGet(context: CommandContext, id: string): Promise<void> {
  const { api } = await signedInApi(context);
  const side = await paymentSide(api);
  const payment = side === 'merchant' ? await api.call('merchantPayments.get', { path: { id } }) : await api.call('spPayments.get', { path: { id } });
  if (context.mode === 'json') {
    context.terminal.stdout(renderJson(payment));
    return;
  }
  context.terminal.stdout(
    renderRecord(
      [
        ['id', payment.id],
        ['paymentId', payment.paymentId],
        ['status', payment.status],
        ['wallet', payment.walletId],
        ['send', `${payment.sender.sendingAmount} ${payment.sender.sendingCurrencyCode}`],
        ['receive', `${payment.instrumentsDetails.receiveAmount} ${payment.instrumentsDetails.receiveAmountCcyCode}`],
        ['exchangeRate', payment.exchangeRate],
        ['fee', payment.fee],
        ['receiver', `${payment.receiver.name} (${payment.receiver.countryCode})`],
        ['valueDate', payment.valueDate],
        ['failureReason', payment.failureReason],
        ['createdAt', payment.createdAt ?? null],
      ],
      context.mode,
    ),
  );
  for (const step of payment.timeline ?? []) {
    context.terminal.stderr(
      `${step.at}  ${step.status.padEnd(10)} ${step.action}${step.by ? ` by ${step.by.name}` : ''}${step.reason ? `: ${step.reason}` : ''}\n`,
    );
  }
}

export function newPaymentsGetCommand(contextOf: ContextOf): Command {
  return new Command('get')
    .description('show one payment and its status timeline')
    .argument('<id>', 'the payment id')
    .addHelpText('after', examples(['corridor payments get 0193c3c2-…', 'corridor --json payments get 0193c3c2-… | jq .status']))
    .action(async (id: string, _options: unknown, command: Command) => {
      await paymentsGet(contextOf(command), id);
    });
}
