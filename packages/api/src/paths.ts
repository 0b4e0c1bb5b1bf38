import type { CallDefinition, HttpMethod } from './define.ts';

/** Fills `{param}` placeholders; every value is URI-encoded. */
export function fillPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`path parameter ${name} is required for ${template}`);
    }
    return encodeURIComponent(String(value));
  });
}

function segmentsOf(path: string): string[] {
  return path
    .split('?')[0]!
    .split('/')
    .filter((s) => s !== '');
}

/**
 * The definition that serves a concrete path, with its path parameters. A literal segment beats a
 * placeholder at the same place (`/v1/service-provider/fees` is not `/v1/service-provider/{id}`).
 */
export function matchDefinition<D extends Pick<CallDefinition, 'method' | 'path'>>(
  definitions: Readonly<Record<string, D>>,
  method: HttpMethod,
  path: string,
): { id: string; definition: D; params: Record<string, string> } | undefined {
  const target = segmentsOf(path);
  let best: { id: string; definition: D; params: Record<string, string>; literals: number } | undefined;
  for (const [id, definition] of Object.entries(definitions)) {
    if (definition.method !== method) continue;
    const pattern = segmentsOf(definition.path);
    if (pattern.length !== target.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const p = pattern[i]!;
      const t = target[i]!;
      const placeholder = /^\{(.+)\}$/.exec(p);
      if (placeholder) params[placeholder[1]!] = decodeURIComponent(t);
      else if (p === t) literals++;
      else ok = false;
    }
    if (ok && (best === undefined || literals > best.literals)) best = { id, definition, params, literals };
  }
  return best && { id: best.id, definition: best.definition, params: best.params };
}

/** Query string with arrays as repeated keys; undefined and null are left out. */
export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
