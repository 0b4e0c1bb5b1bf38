import type { PaymentView } from '@/components/payment-details/payment-view.ts';
import type { OutboxItem, OutboxState } from '@/lib/outbox/outbox-store.ts';
import type { PaymentViewer } from './payment-row-actions.ts';

/** A payment list's row: the server's payment, or one this device made that the list does not hold yet. */
export type PaymentRow = PaymentView & {
  /** Set on a row read from the device's outbox (not from the server's list): its outbox state. */
  outboxState?: OutboxState;
};

export interface OutboxRowsOptions {
  viewer: PaymentViewer;
  /** The open tab's status; 'OVERVIEW' lists every status. */
  tabStatus: string;
  /** When the list's copy was read from the server; null when it never was. */
  listUpdatedAt: Date | null;
}

/** Outbox states a row shows for: on its way, waiting for the user, or sent after the list was read (refused ones are listed with their reasons above the table). */
const SHOWN: readonly OutboxState[] = ['queued', 'sending', 'held', 'sent'];

/** What a queued payment's body carries (the payment form's body). */
interface BodyView {
  walletId?: unknown;
  sendAmount?: unknown;
  sendCurrency?: unknown;
  receiveCurrency?: unknown;
  receiver?: { name?: unknown; countryCode?: unknown; iban?: unknown; accountNumber?: unknown };
  referenceNumber?: unknown;
  message?: unknown;
  quoteId?: unknown;
  category?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The server's answer kept with a sent item, when it reads as a payment. */
function serverPaymentOf(item: OutboxItem): Partial<PaymentView> | null {
  const answer = item.serverPayment;
  return typeof answer === 'object' && answer !== null && typeof (answer as { id?: unknown }).id === 'string' ? (answer as Partial<PaymentView>) : null;
}

/** The status the payment has (or will have) on the server: its answer's, else what its call makes. */
function statusOf(item: OutboxItem): PaymentView['status'] {
  return serverPaymentOf(item)?.status ?? (item.kind === 'draft' ? 'DRAFTED' : 'INITIATED');
}

/** A row for an outbox item, from the server's answer once sent, else from the body as the form made it. */
function rowOf(item: OutboxItem): PaymentRow {
  const server = serverPaymentOf(item);
  const body = item.body as BodyView;
  const sendCurrency = text(body.sendCurrency);
  const receiveCurrency = text(body.receiveCurrency) || sendCurrency;
  const fromBody: PaymentView = {
    id: item.id,
    paymentId: '',
    draftId: item.id,
    merchantId: '',
    serviceProviderId: '',
    walletId: text(body.walletId),
    status: statusOf(item),
    category: text(body.category) || 'PAYOUT',
    referenceNumber: textOrNull(body.referenceNumber),
    agentId: null,
    agentReferenceNumber: null,
    targetBankCode: null,
    deliveryModeId: null,
    correspondentId: null,
    sender: { name: '', sendingAmount: text(body.sendAmount), sendingCurrencyCode: sendCurrency, sendingCountryCode: '' },
    receiver: {
      name: text(body.receiver?.name),
      countryCode: text(body.receiver?.countryCode),
      accountNumber: textOrNull(body.receiver?.iban) ?? textOrNull(body.receiver?.accountNumber),
    },
    // Cross-currency, what is received is the quote's: not in the body, so not shown until the server has it.
    instrumentsDetails: { receiveAmount: receiveCurrency === sendCurrency ? text(body.sendAmount) : '', receiveAmountCcyCode: receiveCurrency },
    exchangeRate: null,
    fee: null,
    message: textOrNull(body.message),
    correspondentDetails: { walletId: null },
    quoteId: textOrNull(body.quoteId),
    valueDate: null,
    expiryDate: null,
    transactionDate: null,
    failureReason: null,
    createdAt: new Date(item.createdAt).toISOString(),
  };
  const merged: PaymentView = server ? { ...fromBody, ...server, draftId: server.draftId ?? item.id } : fromBody;
  return { ...merged, outboxState: item.state };
}

/**
 * The payments this device made that the list's page does not hold yet, as rows for its top: queued,
 * sending or held in the outbox, or sent since the list's copy was read (that copy predates them). Only
 * this viewer's payments of the tab's status, newest first; one the page holds (same draftId, or the id
 * the server answered) is left to the server's row, so a payment never shows twice.
 */
export function outboxPaymentRows(items: readonly OutboxItem[], page: readonly PaymentView[], options: OutboxRowsOptions): PaymentRow[] {
  const held = new Set<string>();
  for (const row of page) {
    held.add(row.id);
    if (row.draftId) held.add(row.draftId);
  }
  const listedAt = options.listUpdatedAt?.getTime() ?? null;
  return (
    items
      .filter((item) => item.kind === 'payment' || item.kind === 'draft')
      .filter((item) => (item.role ?? 'MERCHANT') === options.viewer)
      .filter((item) => SHOWN.includes(item.state))
      // A sent one only while the list's copy predates it: the outbox keeps every sent item for good.
      .filter((item) => item.state !== 'sent' || (listedAt !== null && item.updatedAt > listedAt))
      .filter((item) => options.tabStatus === 'OVERVIEW' || statusOf(item) === options.tabStatus)
      .filter((item) => !held.has(item.id) && !held.has(serverPaymentOf(item)?.id ?? item.id))
      .sort((a, b) => b.createdAt - a.createdAt)
      .map(rowOf)
  );
}

/**
 * Sent items the list's copy predates (their ids, sorted): while any is there, the list is read again
 * so the server's row takes the outbox's place.
 */
export function sentSinceList(items: readonly OutboxItem[], listUpdatedAt: Date | null): string[] {
  if (listUpdatedAt === null) return [];
  const listedAt = listUpdatedAt.getTime();
  return items
    .filter((item) => (item.kind === 'payment' || item.kind === 'draft') && item.state === 'sent' && item.updatedAt > listedAt)
    .map((item) => item.id)
    .sort();
}
