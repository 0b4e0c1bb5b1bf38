import { UsageError } from '../errors.ts';
import type { NamedDefinition } from './definitions.ts';

const PLACEHOLDER = /\{([^}/]+)\}/g;

/** Names of the `{param}` placeholders of a path template, in order. */
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

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
}

function templatePattern(template: string): RegExp {
  const parts = template.split(PLACEHOLDER);
  // split with a capture group alternates literal text and placeholder names.
  const source = parts.map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : '[^/]+')).join('');
  return new RegExp(`^${source}$`);
}

/**
 * The definition a method and path stand for. The path may be the template itself or a concrete path;
 * literal templates win over ones with placeholders (`/files/url` is not `/files/{filename}`).
 */
export function matchDefinition(
  definitions: readonly NamedDefinition[],
  method: string,
  path: string,
): NamedDefinition | undefined {
  const sameMethod = definitions.filter((d) => d.definition.method === method);
  const exact = sameMethod.find((d) => d.definition.path === path);
  if (exact) return exact;
  const candidates = sameMethod.filter((d) => templatePattern(d.definition.path).test(path));
  // Fewer placeholders means a more specific template.
  candidates.sort((a, b) => placeholdersOf(a.definition.path).length - placeholdersOf(b.definition.path).length);
  return candidates[0];
}
