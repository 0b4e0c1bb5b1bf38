import type { CommandContext } from '../../command-context.ts';
import { UsageError } from '../../errors.ts';

/** A value a field gives: -f always a string; -F a number, boolean, null or a file's text too. */
type FieldValue = string | number | boolean | null;
type JsonObject = { [key: string]: JsonValue };
type JsonValue = FieldValue | JsonValue[] | JsonObject;

/** One `key=value` of -f (raw) or -F (typed), in the order given. */
export interface FieldArg {
  typed: boolean;
  pair: string;
}

/** `name`, `name[]`, `a[b]`, `a[b][]`: the key's path, '' standing for "append to the list". */
function keyPath(key: string, option: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new UsageError(`${option} ${key}: a key is name, name[] or name[sub]`);
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? '', ...rest];
}

/**
 * -F's typing, as gh's: true, false and null become JSON literals, a whole number becomes a number,
 * `@file` is the file's text (`@-` stdin); anything else stays a string. Decimals stay strings: the
 * contract's amounts and rates are decimal strings.
 */
async function typedValue(context: CommandContext, raw: string, option: string): Promise<FieldValue> {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (/^-?(0|[1-9]\d*)$/.test(raw) && Number.isSafeInteger(Number(raw))) return Number(raw);
  if (raw.startsWith('@')) {
    const path = raw.slice(1);
    if (path === '-') return context.terminal.readStdin();
    try {
      return await context.readFile(path);
    } catch (error) {
      throw new UsageError(`${option} ${raw}: ${(error as Error).message}`);
    }
  }
  return raw;
}

export interface ParsedField {
  path: string[];
  value: FieldValue;
  option: string;
}

/** Reads every -f and -F in order (a file named by `@file` is read here). */
export async function parseFields(context: CommandContext, fields: readonly FieldArg[]): Promise<ParsedField[]> {
  const parsed: ParsedField[] = [];
  for (const { typed, pair } of fields) {
    const option = typed ? '-F' : '-f';
    const at = pair.indexOf('=');
    if (at <= 0) throw new UsageError(`${option} expects key=value, got "${pair}"`);
    const path = keyPath(pair.slice(0, at), option);
    const raw = pair.slice(at + 1);
    parsed.push({ path, value: typed ? await typedValue(context, raw, option) : raw, option });
  }
  return parsed;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON body the fields build: `a[b]=1` nests, `a[]=1 a[]=2` makes a list. */
export function fieldsBody(fields: readonly ParsedField[]): JsonObject {
  const body: JsonObject = {};
  for (const { path, value, option } of fields) {
    let node: JsonObject | JsonValue[] = body;
    for (let i = 0; i < path.length; i += 1) {
      const segment = path[i] ?? '';
      const last = i === path.length - 1;
      const nextIsList = path[i + 1] === '';
      const where = `${option} ${path[0]}${path
        .slice(1, i + 1)
        .map((s) => `[${s}]`)
        .join('')}`;
      if (Array.isArray(node)) {
        if (segment !== '') throw new UsageError(`${where}: a list takes [] only`);
        if (last) {
          node.push(value);
          break;
        }
        const child: JsonObject | JsonValue[] = nextIsList ? [] : {};
        node.push(child);
        node = child;
        continue;
      }
      if (segment === '') throw new UsageError(`${where}: [] follows a name`);
      if (last) {
        node[segment] = value;
        break;
      }
      const existing: JsonValue | undefined = node[segment];
      if (nextIsList) {
        if (existing !== undefined && !Array.isArray(existing)) throw new UsageError(`${where} is already a value, not a list`);
        node = existing ?? (node[segment] = []);
      } else {
        if (existing !== undefined && !isObject(existing)) throw new UsageError(`${where} is already a value, not an object`);
        node = existing ?? (node[segment] = {});
      }
    }
  }
  return body;
}

/** The fields as query parameters (GET, or a body from --input): `name` or `name[]`, no nesting. */
export function fieldsQuery(fields: readonly ParsedField[]): string[] {
  return fields.map(({ path, value, option }) => {
    if (path.length > 2 || (path.length === 2 && path[1] !== '')) {
      throw new UsageError(`${option} ${path[0]}[${path[1]}]: a query parameter cannot nest; use name or name[]`);
    }
    return `${path[0]}=${value === null ? '' : String(value)}`;
  });
}
