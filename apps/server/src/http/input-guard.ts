import { AppError, type InvalidParameter } from '../errors.ts';

/**
 * Rules every string a caller sends must pass, whatever the call: checked once, before the contract's
 * schema, on path parameters, query and body alike. PostgreSQL refuses NUL in text (the insert would
 * fail), and no field of a payments back office carries other control characters; a string with no
 * length in the contract is still capped, so one request cannot store megabytes of "remarks".
 */
const MAX_TEXT_LENGTH = 2_000;
/** Deeper than any body of the contract; past it the request is refused before anything walks it. */
const MAX_NESTING = 16;
/** More items than any list field needs (wallet ids of a statement, categories of a report). */
const MAX_LIST_ITEMS = 1_000;

/** C0 controls but tab, line feed and carriage return (free text keeps its lines), and DEL. */
function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/** A high surrogate with no low one after it, or a low one with no high one before it (UTF-16 code units). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function stringProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (hasControlCharacter(value)) return 'must not contain control characters';
  // A lone surrogate (JSON's "\ud800") is no character at all: PostgreSQL refuses it in jsonb, so a
  // callback body or payment party holding one would fail on insert rather than be refused here.
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode (no lone surrogate)';
  if (value.length > MAX_TEXT_LENGTH) return `must be at most ${MAX_TEXT_LENGTH} characters`;
  return null;
}

/**
 * Parsed JSON, query strings and path parameters (the router's own params class included); uploaded
 * files and binary content are left to their own checks.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !(value instanceof Blob) && !ArrayBuffer.isView(value) && !(value instanceof Date);

/** Problems of the strings (and keys) in `value`, each named by its path; empty when all is well. */
export function inputProblems(value: unknown, location: string): InvalidParameter[] {
  const problems: InvalidParameter[] = [];
  const nameOf = (path: string[]) => (path.length > 0 ? path.join('.') : location);
  const walk = (node: unknown, path: string[]): void => {
    if (problems.length >= 20) return;
    if (typeof node === 'string') {
      const problem = stringProblem(node);
      if (problem) problems.push({ parameter: nameOf(path), message: problem });
      return;
    }
    const isList = Array.isArray(node);
    if (!isList && !isRecord(node)) return;
    if (path.length >= MAX_NESTING) {
      problems.push({ parameter: nameOf(path), message: `must not be nested more than ${MAX_NESTING} levels deep` });
      return;
    }
    if (isList) {
      if (node.length > MAX_LIST_ITEMS) {
        problems.push({ parameter: nameOf(path), message: `must have at most ${MAX_LIST_ITEMS} items` });
        return;
      }
      node.forEach((item, i) => walk(item, [...path, String(i)]));
      return;
    }
    for (const [key, item] of Object.entries(node)) {
      const keyProblem = stringProblem(key);
      if (keyProblem) {
        problems.push({ parameter: nameOf([...path, JSON.stringify(key).slice(1, -1).slice(0, 80)]), message: `field name ${keyProblem}` });
        continue;
      }
      walk(item, [...path, key]);
    }
  };
  walk(value, []);
  return problems;
}

/**
 * The same rules on every route, before its handler: path parameters, query and (parsed) body. A
 * handler that reads a parameter its contract entry does not declare still never sees a NUL.
 */
export async function guardRequestInput(request: { params: unknown; query: unknown; body: unknown }): Promise<void> {
  const problems = [...inputProblems(request.params, 'path'), ...inputProblems(request.query, 'query'), ...inputProblems(request.body, 'body')];
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
}
