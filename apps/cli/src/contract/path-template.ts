import { UsageError } from '../errors.ts';

const PLACEHOLDER = /\{([^}/]+)\}/g;

/**
 * Names of the `{param}` placeholders of a path template, in order.
 * @internal
 */
export function placeholdersOf(path: string): string[] {
  return [...path.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

/**
 * Fills a template such as `/v1/currencies/{code}` from `-p code=EUR`. Values are URL-encoded so a
 * value with a slash stays one segment. A concrete path passes through unchanged.
 */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  const missing = placeholdersOf(template).filter((name) => params[name] === undefined);
  if (missing.length > 0) {
    throw new UsageError(`missing path parameter${missing.length > 1 ? 's' : ''}: ${missing.map((n) => `-p ${n}=...`).join(' ')}`);
  }
  const unused = Object.keys(params).filter((name) => !placeholdersOf(template).includes(name));
  if (unused.length > 0) {
    throw new UsageError(`the path ${template} has no placeholder for: ${unused.join(', ')}`);
  }
  return template.replace(PLACEHOLDER, (_match, name: string) => encodeURIComponent(params[name] ?? ''));
}
