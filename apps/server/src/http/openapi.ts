import * as api from '@corridor/api';
import { z } from 'zod';

type BuildOpenApi = (options: { served: readonly string[] }) => unknown;

/**
 * The contract's own generator when it has one; until then a minimal OpenAPI 3.1 built from the same
 * definitions (there is never a second, hand-written description).
 */
export function openApiDocument(served: readonly string[], version: string): unknown {
  const build = (api as Record<string, unknown>).buildOpenApi;
  if (typeof build === 'function') return (build as BuildOpenApi)({ served });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const id of served) {
    const def = (api.definitions as Record<string, api.CallDefinition>)[id];
    if (!def) continue;
    const item = (paths[def.path] ??= {});
    const parameters = [
      ...Object.keys(def.pathParams?.shape ?? {}).map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
      ...Object.keys(def.query?.shape ?? {}).map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } })),
    ];
    item[def.method.toLowerCase()] = {
      operationId: id,
      summary: def.summary,
      tags: [def.area],
      parameters,
      responses: {
        [String(def.status ?? 200)]: {
          description: 'OK',
          content: def.responseType === 'binary' ? { 'application/octet-stream': {} } : { 'application/json': { schema: safeSchema(def.response) } },
        },
        default: { description: 'Error', content: { 'application/json': { schema: safeSchema(api.errorBody) } } },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: 'Corridor API', version }, paths };
}

function safeSchema(schema: z.ZodType): unknown {
  try {
    return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
  } catch {
    return {};
  }
}
