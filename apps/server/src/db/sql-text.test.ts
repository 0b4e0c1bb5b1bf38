import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, integer, jsonb, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { compareSqlTextWithDrizzle, sqlText } from './sql-text.ts';

const dialect = new PgDialect();
/** Drizzle's compile, its text and values (what a driver is handed). */
const drizzles = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};
// A table of the kinds of column lists filter on (text, timestamp, integer, JSON).
const t = pgTable('transactions_v2', {
  id: text('id').primaryKey(),
  transactionId: text('transaction_id').notNull(),
  serviceProviderId: text('service_provider_id'),
  targetSpId: text('target_sp_id'),
  status: text('status').notNull(),
  category: text('category').notNull(),
  quoteId: text('quote_id'),
  remarks: text('remarks'),
  version: integer('version').notNull(),
  rates: jsonb('rates'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
afterEach(() => compareSqlTextWithDrizzle(false));

// What list calls build: a scope, filters of every kind, a count beside the rows, an order and a page.
const odd = pgTable('odd"table', { name: text('na"me') });

const made: Array<[string, SQL]> = [
  ['equality and lists', sql`select 1 from ${t} where ${and(eq(t.serviceProviderId, 'sp-1'), inArray(t.status, ['COMPLETED', 'FAILED']))}`],
  [
    'or, ranges and dates',
    sql`${or(eq(t.serviceProviderId, 'a'), eq(t.targetSpId, 'a'))} and ${gte(t.createdAt, new Date('2026-09-06T00:00:00Z'))} and ${lt(t.createdAt, new Date('2026-12-01T00:00:00Z'))}`,
  ],
  [
    'search text, nulls and raw text',
    sql`${ilike(t.transactionId, '%TB%')} and ${isNull(t.quoteId)} and ${ne(t.category, 'TRANSFER')} ${sql.raw('/*mark*/')} limit ${21} offset ${40}`,
  ],
  [
    'nested SQL, order and a count beside',
    sql`(select count(*) from (select 1 from ${t} where ${t.status} = any(${['A', 'B']}) limit ${1001}) c) order by ${desc(t.createdAt)}, ${asc(t.id)}`,
  ],
  ['a bound null and a plain value', sql`${t.remarks} is not distinct from ${null} and ${t.version} > ${3} and ${true}`],
  ['a JSON column bound', sql`${t.rates} = ${sql.param({ ibrAt: 'x' }, t.rates)}`],
  ['an empty condition', sql``],
  ['an aliased table', sql`${alias(t, 'other').id} = ${'x'}`],
  ['a quote in a name', sql`select ${odd.name} from ${odd} where ${eq(odd.name, 'a"b')}`],
];

describe('sqlText', () => {
  it.each(made)('compiles %s exactly as Drizzle does, in one pass', (_name, query) => {
    const ours = sqlText(dialect, query);
    expect(ours).toEqual(drizzles(query));
  });

  it('leaves to Drizzle what it does not write: placeholders and inlined values', () => {
    // Drizzle's own answer, whole (its typings too): the compile was left to it.
    for (const query of [sql`${t.id} = ${sql.placeholder('id')}`, sql`${t.id} = ${'x'}`.inlineParams()]) {
      expect(sqlText(dialect, query)).toEqual(dialect.sqlToQuery(query));
    }
  });

  it("throws under test when its text and Drizzle's differ", () => {
    compareSqlTextWithDrizzle(true);
    const differing = { casing: { getColumnCasing: () => 'not_the_name' }, sqlToQuery: (q: SQL) => dialect.sqlToQuery(q) };
    expect(() => sqlText(differing, sql`${eq(t.id, 'a')}`)).toThrow(/differs from Drizzle/);
    expect(sqlText(dialect, sql`${eq(t.id, 'a')}`).sql).toBe('"transactions_v2"."id" = $1');
  });
});
