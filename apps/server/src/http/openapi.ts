import { buildOpenApi } from '@corridor/api';

/** The contract's OpenAPI document, each operation marked with whether this server serves it. */
export function openApiDocument(served: readonly string[]): unknown {
  return buildOpenApi({ served: new Set(served) });
}
