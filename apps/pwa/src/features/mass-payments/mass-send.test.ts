import { describe, expect, it } from 'vitest';
import { paymentCreate } from '@corridor/api';
import { errorCsv } from './mass-file.ts';
import { groupBatches } from './mass-batches.ts';
import { batchOf, batchProgress, batchReference, draftIdFor, massDrafts, MASS_CATEGORY, rowSends } from './mass-send.ts';
import type { CheckedRow } from './mass-validate.ts';

const HASH = 'ab'.repeat(32);
const valid = (line: number, amount: string, reference: string | null = null): CheckedRow => ({
  line,
  row: { amount },
  errors: [],
  valid: {
    walletId: 'w-1',
    currency: 'EUR',
    amount,
    beneficiaryId: null,
    receiver: { name: 'Jane', countryCode: 'DE', iban: 'DE89370400440532013000' },
    purpose: null,
    message: null,
    reference,
  },
});

describe('mass payment drafts', () => {
  it('derives the same UUID from the same file and line, another for another line or file', async () => {
    const id = await draftIdFor(HASH, 2);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await draftIdFor(HASH, 2)).toBe(id);
    expect(await draftIdFor(HASH, 3)).not.toBe(id);
    expect(await draftIdFor('cd'.repeat(32), 2)).not.toBe(id);
  });

  it('makes one payment body per valid row that the contract accepts, with the batch reference and line', async () => {
    const bad: CheckedRow = { line: 3, row: {}, errors: [{ column: 'amount', code: 'required' }], valid: null };
    const drafts = await massDrafts(HASH, [valid(2, '10.5', 'INV-1'), bad, valid(4, '3')]);
    expect(drafts.map((d) => d.line)).toEqual([2, 4]);
    const body = paymentCreate.parse({ ...drafts[0]?.body, draftId: drafts[0]?.id });
    expect(body).toMatchObject({ category: MASS_CATEGORY, sendAmount: '10.5', referenceNumber: `${batchReference(HASH)}-2-INV-1` });
    expect(batchOf(body.referenceNumber ?? null)).toEqual({ batch: batchReference(HASH), line: 2 });
    expect(batchOf('INV-7')).toBeNull();
  });

  /** Outbox states of four drafts; a fifth ('gone') was discarded. */
  const states = new Map([
    ['a', 'sent'],
    ['b', 'held'],
    ['c', 'sending'],
    ['d', 'rejected'],
  ]);

  it('counts a batch as sent, waiting or refused from the outbox states', () => {
    const lines = (ids: string[]) => ids.map((id, i) => ({ id, line: i + 2 }));
    expect(batchProgress(5, rowSends(lines(['a', 'b', 'c', 'd', 'gone']), states))).toEqual({ total: 5, sent: 1, waiting: 2, refused: 1 });
    expect(batchProgress(2, rowSends(lines(['a', 'e']), new Map([...states, ['e', 'queued']])))).toEqual({ total: 2, sent: 1, waiting: 1, refused: 0 });
  });

  it('tells each drafted line where its payment is; a line whose draft is not in the outbox has none', () => {
    const drafts = ['a', 'b', 'c', 'd', 'gone'].map((id, i) => ({ id, line: i + 2 }));
    expect([...rowSends(drafts, states)]).toEqual([
      [2, 'sent'],
      [3, 'waiting'],
      [4, 'waiting'],
      [5, 'refused'],
    ]);
  });

  it('groups payments into batches with counts and totals by status', () => {
    const ref = batchReference(HASH);
    const p = (line: number, status: string, amount: string) => ({
      merchantId: 'm-1',
      status,
      referenceNumber: `${ref}-${line}`,
      createdAt: `2026-01-0${line}T00:00:00Z`,
      sender: { name: 'Acme', sendingAmount: amount, sendingCurrencyCode: 'EUR' },
    });
    const batches = groupBatches([
      p(2, 'INITIATED', '0.1'),
      p(3, 'INITIATED', '0.2'),
      p(4, 'COMPLETED', '5'),
      { ...p(5, 'INITIATED', '1'), referenceNumber: 'OTHER' },
    ]);
    expect(batches).toEqual([
      {
        batch: ref,
        merchantId: 'm-1',
        merchantName: 'Acme',
        count: 3,
        firstAt: '2026-01-02T00:00:00Z',
        byStatus: [
          { status: 'COMPLETED', currency: 'EUR', count: 1, total: '5' },
          { status: 'INITIATED', currency: 'EUR', count: 2, total: '0.3' },
        ],
      },
    ]);
  });

  it('writes the refused rows to the error file, quoting commas and defusing formulas', () => {
    const bad: CheckedRow = { line: 7, row: { receiverName: 'Doe, Jane', amount: '=1+1' }, errors: [{ column: 'amount', code: 'notAmount' }], valid: null };
    const lines = errorCsv([valid(2, '1'), bad], () => 'amount: not an amount').split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      'line,wallet,currency,beneficiaryId,receiverName,receiverCountry,iban,accountNumber,bankCode,amount,purpose,message,reference,errors',
    );
    expect(lines[1]).toBe(`7,,,,"Doe, Jane",,,,,"'=1+1",,,,amount: not an amount`);
  });
});
