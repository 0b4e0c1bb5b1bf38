import { definitions } from './contract.ts';
import type { CallDefinition } from './define.ts';

export interface CallRow {
  id: string;
  method: string;
  path: string;
  audience: string;
  root: string;
}

export function listCalls(): CallRow[] {
  return (Object.entries(definitions) as Array<[string, CallDefinition]>)
    .map(([id, d]) => ({ id, method: d.method, path: d.path, audience: d.audience, root: d.root }))
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/**
 * Call ids a server's /openapi.json says it serves: operations marked x-corridor-served, or, when the
 * server marks none, every operation of the contract its document lists.
 */
export function servedCallIds(openapi: unknown): Set<string> {
  const paths = (openapi as { paths?: Record<string, Record<string, unknown>> } | null)?.paths ?? {};
  const known = new Map(listCalls().map((c) => [`${c.method} ${c.path}`, c.id]));
  const listed: Array<{ id: string; served: unknown }> = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item ?? {})) {
      const id = known.get(`${method.toUpperCase()} ${path}`);
      if (id !== undefined) listed.push({ id, served: (op as Record<string, unknown> | null)?.['x-corridor-served'] });
    }
  }
  const marked = listed.some((o) => o.served !== undefined);
  return new Set(listed.filter((o) => !marked || o.served === true).map((o) => o.id));
}

export function formatCalls(rows: CallRow[], served?: Set<string>): string {
  const width = Math.max(...rows.map((r) => r.path.length));
  return rows
    .map((r) => {
      const mark = served ? (served.has(r.id) ? '* ' : '  ') : '';
      return `${mark}${r.method.padEnd(6)} ${r.path.padEnd(width)}  ${r.id}  (${r.audience})`;
    })
    .join('\n');
}
