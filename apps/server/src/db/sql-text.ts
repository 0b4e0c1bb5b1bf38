import { Column, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';

/**
 * A query Drizzle holds as a tree of chunks, turned into PostgreSQL text and its parameters exactly as Drizzle's
 * PostgreSQL dialect turns it (`sqlToQuery`), for the chunks a list's condition, count and tail are made of: text,
 * nested SQL, columns, tables, bound values (through their column's encoder), lists of them, plain values.
 *
 * Why: a list call builds its condition and tail from the request, so they are compiled on every call, and
 * Drizzle's compile makes a result object per chunk, spreads its config into every nested SQL and asks `is()`
 * (which walks a prototype chain when the answer is no) up to a dozen times per chunk: 75 µs for the TSP's
 * 455-character list query under the list bench, 8 % of the server's time per call (docs/performance.md).
 * Here one pass appends to one string and one array.
 *
 * Anything else (a placeholder, inlined parameters, a view, a subquery object, a name, an enum) is compiled by
 * Drizzle. Under test (`compareSqlTextWithDrizzle`, on with `checkAnswers`) every text made here is checked against
 * Drizzle's own, so the server's tests catch any drift between the two.
 */

const IS_ALIAS = Symbol.for('drizzle:IsAlias');
// Drizzle's keys on a table (its `Table.Symbol`, outside its public types).
const SCHEMA = Symbol.for('drizzle:Schema');
const NAME = Symbol.for('drizzle:Name');

interface Casing {
  getColumnCasing(column: Column): string;
}
interface Dialect {
  sqlToQuery(query: SQL): { sql: string; params: unknown[] };
}
/** The dialect's column casing (kept on it outside Drizzle's public types). */
const casingOf = (dialect: Dialect): Casing => (dialect as unknown as { casing: Casing }).casing;

const escapeName = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** A table as Drizzle names it: schema-qualified unless aliased or in the default schema; a column is this, a dot and its name. */
function tableText(table: Table): string {
  const schema = (table as unknown as Record<symbol, string | undefined>)[SCHEMA];
  const name = (table as unknown as Record<symbol, string>)[NAME] as string;
  const aliased = (table as unknown as Record<symbol, boolean | undefined>)[IS_ALIAS] === true;
  return schema === undefined || aliased ? escapeName(name) : `${escapeName(schema)}.${escapeName(name)}`;
}

/** One pass over the chunks; false when one is of a kind left to Drizzle. */
class Writer {
  text = '';
  params: unknown[] = [];
  constructor(private readonly casing: Casing) {}

  chunk(chunk: unknown): boolean {
    if (chunk instanceof StringChunk) {
      this.text += chunk.value.join('');
      return true;
    }
    if (chunk === undefined) return true;
    if (Array.isArray(chunk)) {
      this.text += '(';
      for (let i = 0; i < chunk.length; i++) {
        if (i > 0) this.text += ', ';
        if (!this.chunk(chunk[i])) return false;
      }
      this.text += ')';
      return true;
    }
    if (chunk instanceof SQL) {
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
      for (const inner of chunk.queryChunks) if (!this.chunk(inner)) return false;
      return true;
    }
    if (chunk instanceof Table) {
      this.text += tableText(chunk);
      return true;
    }
    if (chunk instanceof Column) {
      this.text += `${tableText(chunk.table as unknown as Table)}.${escapeName(this.casing.getColumnCasing(chunk))}`;
      return true;
    }
    if (chunk instanceof Param) {
      if (chunk.value instanceof Placeholder) return false;
      const mapped = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (mapped instanceof SQL) return this.chunk(mapped);
      this.param(mapped);
      return true;
    }
    if (chunk === null || typeof chunk === 'string' || typeof chunk === 'number' || typeof chunk === 'boolean' || typeof chunk === 'bigint') {
      this.param(chunk);
      return true;
    }
    return false;
  }

  private param(value: unknown): void {
    this.params.push(value);
    this.text += `$${this.params.length}`;
  }
}

let comparing = false;

/** Under test: every text `sqlText` makes is compared with Drizzle's compile of the same query, and a difference throws. */
export function compareSqlTextWithDrizzle(on: boolean): void {
  comparing = on;
}

/** `query` as PostgreSQL text and parameters, as `dialect` compiles it (one pass where it can; else Drizzle's own compile). */
export function sqlText(dialect: Dialect, query: SQL): { sql: string; params: unknown[] } {
  const writer = new Writer(casingOf(dialect));
  if (!writer.chunk(query)) return dialect.sqlToQuery(query);
  const made = { sql: writer.text, params: writer.params };
  if (comparing) {
    const drizzle = dialect.sqlToQuery(query);
    if (drizzle.sql !== made.sql || !sameParams(drizzle.params, made.params)) {
      throw new Error(
        `sqlText differs from Drizzle's compile:\n${made.sql}\n${JSON.stringify(made.params)}\nDrizzle:\n${drizzle.sql}\n${JSON.stringify(drizzle.params)}`,
      );
    }
  }
  return made;
}

function sameParams(a: unknown[], b: unknown[]): boolean {
  return (
    a.length === b.length &&
    a.every((value, i) => Object.is(value, b[i]) || (value instanceof Date && b[i] instanceof Date && value.getTime() === b[i].getTime()))
  );
}
