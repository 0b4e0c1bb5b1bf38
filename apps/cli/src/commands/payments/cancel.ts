import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { examples } from '../../command-factory.ts';
import { confirmMoneyMove } from '../../confirm.ts';
import { UsageError } from '../../errors.ts';
import { renderJson, renderRecord } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { paymentSide } from './payment-scope.ts';

interface PaymentCancelOptions {
  reason?: string;
  date?: string;
  yes?: boolean;
  idempotencyKey?: string;
}

/**
 * `corridor payments cancel ID --reason TEXT`: asks the server to cancel a payment that has not reached
 * the bank; the amount held for it goes back to the wallet. Asks first (money moves) unless --yes.
 * @internal used by its tests
 */
export async function paymentsCancel(context: CommandContext, id: string, options: PaymentCancelOptions): Promise<void> {
  const reason = options.reason?.trim();
  if (!reason) throw new UsageError('--reason is required: say why the payment is cancelled');
  if (options.date !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.date)) throw new UsageError(`--date must be yyyy-MM-dd, got ${options.date}`);
  if (options.idempotencyKey !== undefined && options.idempotencyKey.trim() === '') throw new UsageError('--idempotency-key cannot be empty');
  const { api } = await signedInApi(context);
  const side = await paymentSide(api);
  await confirmMoneyMove(context, `Cancel payment ${id} and release what it holds?`, options.yes);
  const body = { transactionId: id, reason, ...(options.date ? { cancellationDate: options.date } : {}) };
  const input = { body, ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}) };
  const answer = side === 'merchant' ? await api.call('merchantPayments.cancel', input) : await api.call('spPayments.cancel', input);
  if (context.mode === 'json') {
    context.terminal.stdout(renderJson(answer));
    return;
  }
  context.terminal.stdout(
    renderRecord(
      [
        ['transactionId', answer.transactionId],
        ['cancellationId', answer.cancellationId],
        ['status', answer.status],
        ['cancelledOn', answer.cancelledOn],
      ],
      context.mode,
    ),
  );
}

export function newPaymentsCancelCommand(contextOf: ContextOf): Command {
  return new Command('cancel')
    .description('cancel a payment that has not reached the bank (asks first; --yes to skip)')
    .argument('<id>', 'the payment id')
    .option('--reason <text>', 'why it is cancelled (required)')
    .option('--date <yyyy-MM-dd>', 'the cancellation date (default today)')
    .option('--idempotency-key <key>', 'sent as Idempotency-Key: a retried script with the same key cancels once')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText(
      'after',
      examples([
        'corridor payments cancel 0193c3c2-… --reason "Duplicate invoice"',
        'corridor --json payments cancel 0193c3c2-… --reason "Wrong amount" --yes',
      ]),
    )
    .action(async (id: string, options: PaymentCancelOptions, command: Command) => {
      await paymentsCancel(contextOf(command), id, options);
    });
}
