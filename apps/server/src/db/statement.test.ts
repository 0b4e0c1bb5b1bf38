import { DrizzleQueryError, eq, sql, type SQL } from 'drizzle-orm';
import { alias, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { rowsOf, type Db, type Queryable } from './database.ts';
import { currencies, idempotencyKeys } from './schema.ts';
import { bound, boundValues, shapeOf, statement, statements } from './statement.ts';
import { inTransaction } from './transaction.ts';

let s: TestServer;
let db: Db;
beforeAll(async () => {
  s = await startTestServer();
  db = s.services.db;
});
afterAll(async () => {
  await s?.close();
});

const currencyByCode = statement((q) =>
  q
    .select({ code: currencies.code, dp: currencies.dp })
    .from(currencies)
    .where(eq(currencies.code, sql.placeholder('code'))),
);
const keyInserts = statements((q, shape: string) =>
  q
    .insert(idempotencyKeys)
    .values(boundValues(idempotencyKeys, shape.split(',')))
    .returning(),
);
const keyInsert = (q: Queryable, row: typeof idempotencyKeys.$inferInsert) => keyInserts(q, shapeOf(row), row);
const keyByCaller = statement((q) =>
  q
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.caller, sql.placeholder('caller'))),
);
const answerKey = statement((q) =>
  q
    .update(idempotencyKeys)
    .set({ response: bound('response', idempotencyKeys.response) })
    .where(eq(idempotencyKeys.caller, sql.placeholder('caller'))),
);
const other = alias(currencies, 'other_currency');
const key = (caller: string, n: number) => ({ id: `${caller}-${n}`, key: `k${n}`, caller, callId: 'probe', requestHash: 'h', status: 0 });

describe('statements built once', () => {
  it('answer each call with its own values, mapped by Drizzle as the builder would', async () => {
    expect(await currencyByCode(db, { code: 'USD' })).toEqual(
      await db.select({ code: currencies.code, dp: currencies.dp }).from(currencies).where(eq(currencies.code, 'USD')),
    );
    expect(await currencyByCode(db, { code: 'JPY' })).toEqual([{ code: 'JPY', dp: 0 }]);
    expect(await currencyByCode(db, { code: 'XXX' })).toEqual([]);
  });

  it('refuse a call that leaves a placeholder without a value, before anything is sent', async () => {
    await expect(currencyByCode(db, {})).rejects.toThrow(/No value for placeholder "code"/);
  });

  it('run on the transaction they are given: a rollback takes their writes back', async () => {
    const caller = 'statement-probe-rollback';
    await expect(
      inTransaction(db, async (tx) => {
        await keyInsert(tx, key(caller, 1));
        expect(await keyByCaller(tx, { caller })).toHaveLength(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await keyByCaller(db, { caller })).toEqual([]);
  });

  it('insert with each column through its encoder, null kept as SQL NULL, one statement per set of columns named', async () => {
    const caller = 'statement-probe-insert';
    const [full] = await keyInsert(db, { ...key(caller, 1), response: { lines: [1, 2], note: 'ok' } });
    expect(full?.response).toEqual({ lines: [1, 2], note: 'ok' });
    await keyInsert(db, { ...key(caller, 2), response: null });
    // Another shape (no response named): the column's default applies.
    const [omitted] = await keyInsert(db, { ...key(caller, 3), response: undefined });
    expect(omitted?.id).toBe(`${caller}-3`);
    await answerKey(db, { caller: 'nobody', response: null });
    const nulls = rowsOf<{ id: string }>(await db.execute(sql`select id from idempotency_keys where caller = ${caller} and response is null order by id`));
    expect(nulls.map((r) => r.id)).toEqual([`${caller}-2`, `${caller}-3`]);
    await answerKey(db, { caller, response: [{ answered: true }] });
    expect((await keyByCaller(db, { caller })).map((r) => r.response)).toEqual([[{ answered: true }], [{ answered: true }], [{ answered: true }]]);
  });

  it('build a family per shape, each shape with its own text', async () => {
    const inList = statements((q, shape: `${number}`) =>
      q
        .select({ code: currencies.code })
        .from(currencies)
        .where(
          sql`${currencies.code} in (${sql.join(
            [...Array(Number(shape)).keys()].map((i) => sql.placeholder(`c${i}`)),
            sql`, `,
          )})`,
        )
        .orderBy(currencies.code),
    );
    expect(await inList(db, '1', { c0: 'EUR' })).toEqual([{ code: 'EUR' }]);
    expect(await inList(db, '2', { c0: 'USD', c1: 'EUR' })).toEqual([{ code: 'EUR' }, { code: 'USD' }]);
    expect(await inList(db, '1', { c0: 'USD' })).toEqual([{ code: 'USD' }]);
  });

  it('map rows as the builder run by Drizzle does: a timestamp as a Date, a joined table nested and nulled, a sum decoded', async () => {
    const caller = 'statement-probe-mapping';
    await keyInsert(db, key(caller, 1));
    const [row] = await keyByCaller(db, { caller });
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(await keyByCaller(db, { caller })).toEqual(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.caller, caller)));
    // A left join whose table matched nothing: Drizzle nulls the joined object; a flat selection keeps every key.
    const joined = statement((q) =>
      q
        .select({ key: { id: idempotencyKeys.id }, currency: { code: currencies.code, dp: currencies.dp } })
        .from(idempotencyKeys)
        .leftJoin(currencies, eq(currencies.code, idempotencyKeys.key))
        .where(eq(idempotencyKeys.caller, sql.placeholder('caller'))),
    );
    expect(await joined(db, { caller })).toEqual([{ key: { id: `${caller}-1` }, currency: null }]);
    // Whole tables and a column side by side, one join matched and one not: the same rows as the builder's.
    const both = (q: Queryable, caller: SQL | string) =>
      q
        .select({ key: idempotencyKeys, matched: currencies, unmatched: { code: other.code, dp: other.dp }, n: sql<number>`1`.mapWith(Number) })
        .from(idempotencyKeys)
        .leftJoin(currencies, eq(currencies.code, 'EUR'))
        .leftJoin(other, eq(other.code, idempotencyKeys.key))
        .where(eq(idempotencyKeys.caller, caller));
    const wholeTables = statement((q) => both(q, sql`${sql.placeholder('caller')}`));
    const viaStatement = await wholeTables(db, { caller });
    expect(viaStatement[0]?.matched?.code).toBe('EUR');
    expect(viaStatement[0]?.unmatched).toBeNull();
    expect(viaStatement).toEqual(await both(db, caller));
    const total = statement((q) =>
      q
        .select({ n: sql<number>`count(*)`.mapWith(Number), codes: sql<string>`string_agg(${currencies.code}, ',' order by ${currencies.code})` })
        .from(currencies)
        .where(sql`${currencies.code} in ('EUR', 'USD')`),
    );
    expect(await total(db, {})).toEqual([{ n: 2, codes: 'EUR,USD' }]);
  });

  it('fail as Drizzle fails: the driver error (its code and constraint) the cause of a DrizzleQueryError', async () => {
    const caller = 'statement-probe-failure';
    await keyInsert(db, key(caller, 1));
    const failure = await keyInsert(db, { ...key(caller, 1), id: `${caller}-again` }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect((failure as { cause?: { code?: string; constraint?: string } }).cause).toMatchObject({
      code: '23505',
      constraint: 'idempotency_keys_caller_key_uq',
    });
  });

  it('refuse a table whose column Drizzle fills itself (the first value would be built in)', async () => {
    const filled = pgTable('never_created', {
      id: text('id')
        .primaryKey()
        .$defaultFn(() => 'x'),
      name: text('name'),
    });
    const insert = statements((q, shape: string) => q.insert(filled).values(boundValues(filled, shape.split(','))));
    await expect(insert(db, shapeOf({ name: 'a' }), { name: 'a' })).rejects.toThrow(/give id a value/);
  });
});
