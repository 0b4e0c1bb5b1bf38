import { z } from 'zod';
import { definitions } from './contract.ts';
import type { CallDefinition } from './define.ts';
import { errorBody } from './schemas/common.ts';
import { namedSchemaRegistry } from './openapi-components.ts';

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

export interface OpenApiOptions {
  /** Call ids (or `METHOD /path` pairs) a server answers; marks each operation with x-corridor-served. */
  served?: Set<string>;
  /** Servers block of the document; `/` unless stated. */
  serverUrl?: string;
}

const API_VERSION = '0.0.398';

const registry = namedSchemaRegistry();

/** Components collected while converting: named entities, one per io (inputs get an `Input` suffix). */
type Components = Record<string, JsonSchema>;

/**
 * JSON Schema of a zod schema as OpenAPI 3.1 embeds it. Raw bytes and blobs (custom instanceof checks)
 * become binary strings; anything else JSON Schema cannot say becomes an open schema. Named entities
 * move to components.schemas and are referenced.
 */
function jsonSchemaOf(schema: z.ZodType, io: Io, components?: Components): JsonSchema {
  const out = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    cycles: 'ref',
    metadata: components ? registry : undefined,
    override: (ctx) => {
      if (ctx.zodSchema._zod.def.type === 'custom') {
        ctx.jsonSchema.type = 'string';
        ctx.jsonSchema.format = 'binary';
      }
    },
  }) as JsonSchema;
  delete out.$schema;
  const defs = out.$defs as Record<string, JsonSchema> | undefined;
  if (!components || !defs) return out;
  delete out.$defs;
  const nameOf = (id: string) => (io === 'input' ? `${id}Input` : id);
  const relink = (value: JsonSchema): JsonSchema =>
    JSON.parse(JSON.stringify(value).replace(/"#\/\$defs\/([^"]+)"/g, (_, id: string) => `"#/components/schemas/${nameOf(id)}"`)) as JsonSchema;
  for (const [id, def] of Object.entries(defs)) {
    const { id: _id, ...rest } = def;
    components[nameOf(id)] ??= relink(rest);
  }
  return relink(out);
}

function parametersOf(def: CallDefinition, components: Components): JsonSchema[] {
  const params: JsonSchema[] = [];
  if (def.pathParams) {
    const schema = jsonSchemaOf(def.pathParams, 'input', components);
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      params.push({ name, in: 'path', required: true, schema: property });
    }
  }
  if (def.query) {
    const schema = jsonSchemaOf(def.query, 'input', components);
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      const param: JsonSchema = { name, in: 'query', required: required.has(name), schema: property };
      // Lists travel as repeated keys (`?a=x&a=y`).
      if (JSON.stringify(property).includes('"type":"array"')) Object.assign(param, { style: 'form', explode: true });
      params.push(param);
    }
  }
  return params;
}

const MEDIA: Record<NonNullable<CallDefinition['bodyType']>, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

function requestBodyOf(def: CallDefinition, components: Components): JsonSchema | undefined {
  if (!def.body) return undefined;
  return {
    required: !def.body.safeParse(undefined).success,
    content: { [MEDIA[def.bodyType ?? 'json']]: { schema: jsonSchemaOf(def.body, 'input', components) } },
  };
}

function responsesOf(def: CallDefinition, components: Components): JsonSchema {
  const status = String(def.status ?? 200);
  let ok: JsonSchema;
  if (status === '204') ok = { description: 'No content' };
  else if (def.responseType === 'binary') {
    ok = { description: 'Raw content', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
  } else {
    ok = { description: 'Success', content: { 'application/json': { schema: jsonSchemaOf(def.response, 'output', components) } } };
  }
  return {
    [status]: ok,
    default: {
      description: 'Error: { code, message, invalidParameters, traceId }',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    },
  };
}

/** Who proves what: the token grant uses the portal's Basic client, signed links carry their own right. */
function securityOf(def: CallDefinition): JsonSchema[] {
  if (def.audience === 'client') return [{ basicAuth: [] }];
  if (def.audience === 'signed') return [];
  return [{ bearerAuth: [] }];
}

/** The OpenAPI 3.1 document of the whole contract, generated from the same definitions as the client. */
export function buildOpenApi(options: OpenApiOptions = {}): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  const components: Components = { ErrorBody: jsonSchemaOf(errorBody, 'output') };
  for (const [id, def] of Object.entries(definitions) as Array<[string, CallDefinition]>) {
    tags.add(def.area);
    const operation: JsonSchema = {
      operationId: id,
      tags: [def.area],
      summary: def.summary,
      parameters: parametersOf(def, components),
      responses: responsesOf(def, components),
      security: securityOf(def),
      'x-corridor-audience': def.audience,
      'x-corridor-root': def.root,
    };
    const body = requestBodyOf(def, components);
    if (body) operation.requestBody = body;
    if (def.creates) {
      (operation.parameters as JsonSchema[]).push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'The same key and body answer the first result again; the same key with another body is refused.',
        schema: { type: 'string' },
      });
    }
    if (options.served) {
      operation['x-corridor-served'] = options.served.has(id) || options.served.has(`${def.method} ${def.path}`);
    }
    (paths[def.path] ??= {})[def.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Corridor API',
      version: API_VERSION,
      description: 'Cross-border B2B payments back office: every call of the catalogue, generated from the contract.',
    },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        basicAuth: { type: 'http', scheme: 'basic', description: "The portal's client id and secret." },
      },
    },
  };
}
