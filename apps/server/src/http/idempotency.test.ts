import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { wallet } from '@corridor/api';
import Fastify from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { rowsOf } from '../db/database.ts';
import { files, vouchers } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { handleError } from './error-body.ts';
import { Registrar } from './registrar.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';

let s: TestServer;
let atlas: string;

beforeAll(async () => {
  s = await startTestServer();
  atlas = await s.token('200000001');
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

function misc(body: object, key: string) {
  return s.app.inject({
    method: 'POST',
    url: '/tsp/v2/transactions/payment/misc',
    headers: { authorization: `Bearer ${atlas}`, 'idempotency-key': key },
    payload: body,
  });
}

async function newWallet(alias: string): Promise<string> {
  const res = await s.app.inject({
    method: 'POST',
    url: '/v1/service-provider/wallets',
    headers: { authorization: `Bearer ${atlas}` },
    payload: { alias, accountCategoryId: '999', currencyCode: 'EUR', countryCode: 'AE' },
  });
  return wallet.parse(res.json()).id;
}

async function vouchersOf(walletId: string): Promise<number> {
  const [row] = await s.services.db.select({ n: count() }).from(vouchers).where(eq(vouchers.tspWalletId, walletId));
  return row?.n ?? 0;
}

const base = { fundingPartyId: 'FP-ATLAS-01', purpose: 'OFFICE_RENT', currency: 'EUR', direction: 'IN' };

describe('idempotent creating calls', () => {
  it('creates once when identical requests with one key arrive together, and all answer the same', async () => {
    const id = await newWallet('Atlas idempotent EUR');
    const body = { ...base, spWalletId: id, amount: '250.50' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => misc(body, 'key-together')));
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const first = answers[0]?.json() as { settlementTransactionId: string };
    for (const a of answers) expect(a.json()).toEqual(first);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    expect(await vouchersOf(id)).toBe(1);
  });

  it('replays the first answer byte for byte: the same keys in the same order, not re-serialised', async () => {
    const id = await newWallet('Atlas replay bytes EUR');
    const body = { ...base, spWalletId: id, amount: '12.30' };
    const first = await misc(body, 'key-bytes');
    const again = await misc(body, 'key-bytes');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    // One JSON text: the one sent first is the one stored under the key.
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    const [stored] = rowsOf<{ response: string }>(
      await s.services.db.execute(sql`select response::text as response from idempotency_keys where key = 'key-bytes'`),
    );
    expect(stored?.response).toBe(first.body);
  });

  it('creates once per key when several keys race, each answering its own result', async () => {
    const id = await newWallet('Atlas idempotent race EUR');
    const body = { ...base, spWalletId: id, amount: '10' };
    const keys = ['race-a', 'race-b', 'race-c'];
    const answers = await Promise.all(keys.flatMap((key) => [misc(body, key), misc(body, key), misc(body, key)]));
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const byKey = keys.map((_, i) => answers.slice(i * 3, i * 3 + 3).map((a) => a.json().settlementTransactionId as string));
    for (const ids of byKey) expect(new Set(ids).size).toBe(1);
    expect(new Set(byKey.map((ids) => ids[0])).size).toBe(3);
    expect(await vouchersOf(id)).toBe(3);
  });

  it('leaves neither claim nor effect when the handler fails, so the key runs again', async () => {
    const id = await newWallet('Atlas idempotent refusal EUR');
    const refused = await misc({ ...base, spWalletId: id, amount: '75', direction: 'OUT' }, 'key-refused');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await vouchersOf(id)).toBe(0);
    // The same key with the same body runs afresh (not a replay of the refusal)...
    await misc({ ...base, spWalletId: id, amount: '100' }, 'funding');
    const retried = await misc({ ...base, spWalletId: id, amount: '75', direction: 'OUT' }, 'key-refused');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    // ...and once it succeeded, another body under that key is refused.
    const other = await misc({ ...base, spWalletId: id, amount: '76', direction: 'OUT' }, 'key-refused');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(other.json().invalidParameters[0].parameter).toBe('Idempotency-Key');
    expect(await vouchersOf(id)).toBe(2);
  });

  it('runs the handler on the request transaction, through services.db too: one commit, and no wait on itself', async () => {
    const app = Fastify();
    app.setErrorHandler(handleError);
    const ids: string[] = [];
    new Registrar(app, s.services).serve('settlements.miscPayment', async ({ db, services, body }) => {
      expect(services.db).toBe(db);
      const id = uuidv7();
      ids.push(id);
      // On PGlite a query on the server-wide handle would wait for this transaction forever.
      await services.db.insert(files).values({ id, name: id, originalName: 'probe', mime: 'text/plain', size: 0 });
      if (body.amount === '13') throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'amount', message: 'unlucky' }]);
      return { settlementTransactionId: id, type: 'MISC' as const, status: 'POSTED', currency: 'EUR', amount: body.amount, vouchers: [] };
    });
    await app.ready();
    const send = (amount: string, key: string) =>
      Promise.race([
        app.inject({
          method: 'POST',
          url: '/tsp/v2/transactions/payment/misc',
          headers: { authorization: `Bearer ${atlas}`, 'idempotency-key': key },
          payload: { ...base, spWalletId: 'any', amount },
        }),
        new Promise<never>((_, fail) => setTimeout(() => fail(new Error('the request waited on its own transaction')), 10_000)),
      ]);
    expect((await send('12', 'probe-ok')).statusCode).toBe(201);
    expect((await send('13', 'probe-refused')).statusCode).toBe(400);
    await app.close();
    const found = await s.services.db.select({ id: files.id }).from(files).where(inArray(files.id, ids));
    expect(found.map((f) => f.id)).toEqual([ids[0]]);
  });
});
