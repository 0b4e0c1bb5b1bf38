import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { observedDb } from '../db/open.ts';
import { organisations } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { rowsOf, type Db } from '../db/database.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { tspAccount } from './tsp-account-service.ts';

let s: TestServer;
let atlasId: string;

beforeAll(async () => {
  s = await startTestServer();
  const [atlas] = await s.database.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, 'Atlas Bank'));
  if (!atlas) throw new Error('the demo has no Atlas Bank');
  atlasId = atlas.id;
});
afterAll(async () => s?.close());

it('opens an account once inside one transaction, so a long one (the demo seed) does not read and insert it on every post', async () => {
  const sent: string[] = [];
  const db = observedDb(s.database, (text) => sent.push(text));
  // A currency no demo post has booked in, so the account is opened here for the first time.
  const [first, second] = await inTransaction(db, async (tx) => [
    await tspAccount(tx as unknown as Db, atlasId, 'roundOff', 'JPY'),
    await tspAccount(tx as unknown as Db, atlasId, 'roundOff', 'JPY'),
  ]);
  expect(second).toEqual(first);
  expect(sent.filter((text) => text.includes('ledger_accounts'))).toHaveLength(1);
  expect(sent.filter((text) => text.includes('from "organisations"'))).toHaveLength(1);
  const stored = rowsOf<{ code: string }>(await s.database.db.execute(sql`select code from ledger_accounts where code = ${first?.code ?? ''}`));
  expect(stored).toHaveLength(1);
});

it('forgets an account opened in a transaction that rolled back, and opens it again', async () => {
  const rolledBack = await inTransaction(s.database.db, async (tx) => {
    const account = await tspAccount(tx as unknown as Db, atlasId, 'roundOff', 'CHF');
    throw Object.assign(new Error('rolled back'), { account });
  }).catch((error: { account: { code: string } }) => error.account);
  expect(rowsOf(await s.database.db.execute(sql`select code from ledger_accounts where code = ${rolledBack.code}`))).toHaveLength(0);
  const again = await inTransaction(s.database.db, async (tx) => tspAccount(tx as unknown as Db, atlasId, 'roundOff', 'CHF'));
  expect(again.code).toBe(rolledBack.code);
  expect(rowsOf(await s.database.db.execute(sql`select code from ledger_accounts where code = ${again.code}`))).toHaveLength(1);
});
