import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, PgDialect, pgTable, text } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import { files as t, idempotencyKeys } from './schema.ts';
import { compareSqlTextWithDrizzle, sqlText } from './sql-text.ts';

const dialect = new PgDialect();
/** Drizzle's compile, its text and values (what a driver is handed). */
const drizzles = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};
afterEach(() => compareSqlTextWithDrizzle(false));

// What list calls build: a scope, filters of every kind, a count beside the rows, an order and a page.
const odd = pgTable('odd"table', { name: text('na"me') });

const made: Array<[string, SQL]> = [
  ['equality and lists', sql`select 1 from ${t} where ${and(eq(t.ownerOrgId, 'org-1'), inArray(t.category, ['KYC', 'TEMPLATE']))}`],
  [
    'or, ranges and dates',
    sql`${or(eq(t.ownerOrgId, 'a'), eq(t.ownerUserId, 'a'))} and ${gte(t.createdAt, new Date('2026-09-06T00:00:00Z'))} and ${lt(t.createdAt, new Date('2026-12-01T00:00:00Z'))}`,
  ],
  [
    'search text, nulls and raw text',
    sql`${ilike(t.originalName, '%TB%')} and ${isNull(t.storageKey)} and ${ne(t.mime, 'text/csv')} ${sql.raw('/*mark*/')} limit ${21} offset ${40}`,
  ],
  [
    'nested SQL, order and a count beside',
    sql`(select count(*) from (select 1 from ${t} where ${t.category} = any(${['A', 'B']}) limit ${1001}) c) order by ${desc(t.createdAt)}, ${asc(t.id)}`,
  ],
  ['a bound null and a plain value', sql`${t.sha256} is not distinct from ${null} and ${t.size} > ${3} and ${t.isCommon} = ${true}`],
  ['a JSON column bound', sql`${idempotencyKeys.response} = ${sql.param({ ibrAt: 'x' }, idempotencyKeys.response)}`],
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
    expect(sqlText(dialect, sql`${eq(t.id, 'a')}`).sql).toBe('"files"."id" = $1');
  });
});
