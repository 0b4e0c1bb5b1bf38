import { Command } from 'commander';
import type { CommandContext } from '../../command-context.ts';
import type { ContextOf } from '../../command-factory.ts';
import { choiceOf, choiceOption, examples } from '../../command-factory.ts';
import { payment } from '@corridor/api';
import { UsageError } from '../../errors.ts';
import { renderJson, renderRows, type Column } from '../../output/render.ts';
import { signedInApi } from '../../session.ts';
import { paymentSide } from './payment-scope.ts';

interface PaymentListOptions {
  status?: string;
  merchant?: string;
  page?: string;
  size?: string;
}

interface PaymentRow {
  paymentId: string;
  status: string;
  sender: { sendingAmount: string; sendingCurrencyCode: string };
  instrumentsDetails: { receiveAmount: string; receiveAmountCcyCode: string };
  receiver: { name: string; countryCode: string };
  createdAt?: string | undefined;
}

const COLUMNS: ReadonlyArray<Column<PaymentRow>> = [
  { header: 'PAYMENT', value: (p) => p.paymentId },
  { header: 'STATUS', value: (p) => p.status },
  { header: 'SEND', value: (p) => `${p.sender.sendingAmount} ${p.sender.sendingCurrencyCode}` },
  { header: 'RECEIVE', value: (p) => `${p.instrumentsDetails.receiveAmount} ${p.instrumentsDetails.receiveAmountCcyCode}` },
  { header: 'RECEIVER', value: (p) => `${p.receiver.name} (${p.receiver.countryCode})` },
  { header: 'CREATED', value: (p) => p.createdAt ?? null },
];

/** The statuses a payment can have, from the contract's enum. */
const PAYMENT_STATUSES = payment.shape.status.options;

function whole(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got ${value}`);
  return Number(value);
}

/**
 * `corridor payments list`: one page of the caller's payments (a merchant's own, a TSP's merchants'),
 * newest first, with the page's position on stderr so stdout stays the rows.
 * @internal used by its tests
 */
export async function paymentsList(context: CommandContext, options: PaymentListOptions): Promise<void> {
  const status = options.status === undefined ? undefined : choiceOf('--status', options.status, PAYMENT_STATUSES);
  const page = whole(options.page, 'page') ?? 0;
  const size = whole(options.size, 'size') ?? 20;
  const { api } = await signedInApi(context);
  const side = await paymentSide(api);
  if (side === 'merchant' && options.merchant !== undefined) throw new UsageError('--merchant is for a service provider: a merchant sees its own payments');
  const query = {
    page,
    size,
    sort: ['createdAt,desc'],
    ...(status ? { status } : {}),
    ...(options.merchant ? { merchantIds: [options.merchant] } : {}),
  };
  const answer = side === 'merchant' ? await api.call('merchantPayments.list', { query }) : await api.call('spPayments.list', { query });
  if (context.mode === 'json') {
    context.terminal.stdout(renderJson(answer));
    return;
  }
  context.terminal.stdout(renderRows(COLUMNS, answer.content, context.mode));
  context.terminal.stderr(`Page ${page + 1}: ${answer.content.length} of ${answer.totalElements} payments.\n`);
}

export function newPaymentsListCommand(contextOf: ContextOf): Command {
  return new Command('list')
    .description("list payments: a merchant's own, or a service provider's merchants'")
    .addOption(choiceOption('--status <status>', 'only this status (any case)', PAYMENT_STATUSES))
    .option('--merchant <id>', "a service provider's: only this merchant's payments")
    .option('--page <n>', 'page number, from 0', undefined)
    .option('--size <n>', 'rows per page (default 20)', undefined)
    .addHelpText('after', examples(['corridor payments list --status PROCESSING', 'corridor --json payments list --size 50 | jq ".content[].paymentId"']))
    .action(async (options: PaymentListOptions, command: Command) => {
      await paymentsList(contextOf(command), options);
    });
}
