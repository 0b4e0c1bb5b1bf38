import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@/lib/outbox/outbox-store.ts';
import { paymentFixture } from '@/test/payment-fixture.ts';
import { outboxPaymentRows, sentSinceList, type OutboxRowsOptions } from './outbox-rows.ts';

const LISTED_AT = Date.parse('2026-11-20T10:00:00.000Z');

function item(id: string, overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id,
    userId: 'u-1',
    kind: 'payment',
    body: {
      draftId: id,
      walletId: 'w-aed',
      sendAmount: '250.00',
      sendCurrency: 'AED',
      receiveCurrency: 'USD',
      receiver: { name: 'Nile Traders', countryCode: 'EG', iban: 'EG380019000500000000263180002' },
      purposeOfTransaction: 'Goods',
    },
    seq: 1,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    serverPayment: null,
    createdAt: LISTED_AT + 1000,
    updatedAt: LISTED_AT + 1000,
    ...overrides,
  };
}

const overview: OutboxRowsOptions = { viewer: 'MERCHANT', tabStatus: 'OVERVIEW', listUpdatedAt: new Date(LISTED_AT) };

describe('payments made on this device, on top of the payments list', () => {
  it('a queued payment shows at once, marked with its outbox state, from the body the form made', () => {
    const rows = outboxPaymentRows([item('d-1')], [paymentFixture()], overview);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 'd-1',
      draftId: 'd-1',
      paymentId: '',
      status: 'INITIATED',
      outboxState: 'queued',
      receiver: { name: 'Nile Traders', countryCode: 'EG', accountNumber: 'EG380019000500000000263180002' },
      sender: { sendingAmount: '250.00', sendingCurrencyCode: 'AED' },
      // Cross-currency: what is received is the quote's, unknown until the server has the payment.
      instrumentsDetails: { receiveAmount: '', receiveAmountCcyCode: 'USD' },
    });
  });

  it('newest first; sending and held ones too; refused ones and top-ups stay out (listed above the table)', () => {
    const rows = outboxPaymentRows(
      [
        item('d-1', { createdAt: LISTED_AT + 1 }),
        item('d-2', { state: 'sending', createdAt: LISTED_AT + 2 }),
        item('d-3', { state: 'held', createdAt: LISTED_AT + 3 }),
        item('d-4', { state: 'rejected' }),
        item('d-5', { kind: 'topup' }),
      ],
      [],
      overview,
    );
    expect(rows.map((r) => [r.id, r.outboxState])).toEqual([
      ['d-3', 'held'],
      ['d-2', 'sending'],
      ['d-1', 'queued'],
    ]);
  });

  it('a payment sent after the list was read shows as sent, with the server answer; one sent before does not', () => {
    const answer = paymentFixture({ id: 'pay-9', paymentId: 'PAY-0009', draftId: 'd-1', status: 'INITIATED' });
    const sent = item('d-1', { state: 'sent', serverPayment: answer, updatedAt: LISTED_AT + 5000 });
    const rows = outboxPaymentRows([sent, item('d-0', { state: 'sent', updatedAt: LISTED_AT - 1 })], [], overview);
    expect(rows.map((r) => [r.id, r.paymentId, r.outboxState])).toEqual([['pay-9', 'PAY-0009', 'sent']]);
    // A list never read holds no promise about what it has: sent items are not guessed onto it.
    expect(outboxPaymentRows([sent], [], { ...overview, listUpdatedAt: null })).toEqual([]);
  });

  it('once the list holds the payment (by draftId or the id the server answered), only the server row shows', () => {
    const queued = item('d-1');
    expect(outboxPaymentRows([queued], [paymentFixture({ id: 'pay-9', draftId: 'd-1' })], overview)).toEqual([]);
    const sent = item('d-2', { state: 'sent', serverPayment: { id: 'pay-10', status: 'INITIATED' }, updatedAt: LISTED_AT + 5000 });
    expect(outboxPaymentRows([sent], [paymentFixture({ id: 'pay-10', draftId: null })], overview)).toEqual([]);
  });

  it("only the viewer's own payments of the open tab's status: drafts in Drafted, payments in Initiated", () => {
    const items = [item('d-1'), item('d-2', { kind: 'draft' }), item('d-3', { role: 'TSP' })];
    expect(outboxPaymentRows(items, [], { ...overview, tabStatus: 'DRAFTED' }).map((r) => r.id)).toEqual(['d-2']);
    expect(outboxPaymentRows(items, [], { ...overview, tabStatus: 'INITIATED' }).map((r) => r.id)).toEqual(['d-1']);
    expect(outboxPaymentRows(items, [], { ...overview, tabStatus: 'COMPLETED' })).toEqual([]);
    expect(outboxPaymentRows(items, [], { ...overview, viewer: 'TSP' }).map((r) => r.id)).toEqual(['d-3']);
  });

  it('the list is read again while a payment sent since its copy is missing from it', () => {
    const items = [item('d-2', { state: 'sent', updatedAt: LISTED_AT + 1 }), item('d-1', { state: 'sent', updatedAt: LISTED_AT - 1 }), item('d-3')];
    expect(sentSinceList(items, new Date(LISTED_AT))).toEqual(['d-2']);
    expect(sentSinceList(items, null)).toEqual([]);
  });
});
