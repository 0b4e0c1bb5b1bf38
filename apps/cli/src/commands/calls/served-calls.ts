const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The calls an OpenAPI document marks as served, as keys `METHOD path` and call ids. The server marks
 * each operation with `x-corridor-served: true|false`; a document-level `x-corridor-served` list of
 * ids or `METHOD path` strings is read too.
 */
export function servedCalls(document: unknown): Set<string> {
  const served = new Set<string>();
  if (!isRecord(document)) return served;
  const topLevel = document['x-corridor-served'];
  if (Array.isArray(topLevel)) for (const entry of topLevel) if (typeof entry === 'string') served.add(entry);
  const paths = document['paths'];
  if (!isRecord(paths)) return served;
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation) || operation['x-corridor-served'] !== true) continue;
      served.add(`${method.toUpperCase()} ${path}`);
      if (typeof operation['operationId'] === 'string') served.add(operation['operationId']);
    }
  }
  return served;
}

/** True when the document says anything about serving at all (an older server says nothing). */
export function marksServed(document: unknown): boolean {
  if (!isRecord(document)) return false;
  if ('x-corridor-served' in document) return true;
  return JSON.stringify(document['paths'] ?? {}).includes('"x-corridor-served"');
}
