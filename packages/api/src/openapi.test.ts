import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi.ts';

type Operation = {
  operationId: string;
  parameters: Array<{ name: string; in: string; required: boolean; schema: Record<string, unknown> }>;
  responses: Record<string, { content?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, unknown>; required: boolean };
  security: unknown[];
  'x-corridor-served'?: boolean;
  'x-corridor-audience': string;
  'x-corridor-root': string;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const doc = buildOpenApi({ served: new Set(['users.me', 'GET /v1/currencies']) }) as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('buildOpenApi', () => {
  it('is an OpenAPI 3.1 document with every catalogue pair', () => {
    expect(doc.openapi).toBe('3.1.0');
    const catalogue = readFileSync(new URL('../catalogue.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('#'));
    const inDoc = new Set(operations.map(({ path, method }) => `${method.toUpperCase()} ${path}`));
    expect(catalogue.filter((pair) => !inDoc.has(pair))).toEqual([]);
    expect(inDoc.size).toBe(471);
    for (const { method } of operations) expect(METHODS).toContain(method);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares every {param} of a path as a required path parameter, and no other', () => {
    for (const { path, op } of operations) {
      const placeholders = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = op.parameters.filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), op.operationId).toEqual(placeholders);
      for (const p of declared) expect(p.required).toBe(true);
    }
  });

  it('answers the error body by default and names the security of each call', () => {
    expect(doc.components.schemas.ErrorBody).toMatchObject({ required: ['code', 'message', 'invalidParameters', 'traceId'] });
    for (const { op } of operations) {
      expect(op.responses.default, op.operationId).toBeDefined();
      expect(typeof op['x-corridor-audience']).toBe('string');
      expect(typeof op['x-corridor-root']).toBe('string');
    }
    expect(doc.paths['/oauth/token']!.post!.security).toEqual([{ basicAuth: [] }]);
    expect(doc.paths['/users/me']!.get!.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/public/files/{filename}']!.get!.security).toEqual([]);
  });

  it('describes query lists, bodies, binary answers and empty answers', () => {
    const list = doc.paths['/m/api/v1/transactions/payments']!.get!;
    const merchantIds = list.parameters.find((p) => p.name === 'merchantIds');
    expect(merchantIds).toMatchObject({ in: 'query', required: false, explode: true });
    const create = doc.paths['/m/api/v1/transactions/payments']!.post!;
    expect(create.requestBody?.required).toBe(true);
    expect(create.requestBody?.content['application/json']).toBeDefined();
    expect(create.responses['201']).toBeDefined();
    expect(create.parameters.some((p) => p.name === 'Idempotency-Key' && p.in === 'header')).toBe(true);
    expect(doc.paths['/files']!.post!.requestBody?.content['multipart/form-data']).toBeDefined();
    expect(doc.paths['/v1/internal/config/globals']!.get!.responses['200']!.content).toHaveProperty('application/octet-stream');
    expect(doc.paths['/s/api/v1/user/{id}']!.delete!.responses['204']!.content).toBeUndefined();
  });

  it('names shared entities once under components and resolves every reference', () => {
    const text = JSON.stringify(doc);
    const refs = new Set([...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!));
    expect(refs.has('Wallet')).toBe(true);
    expect(text).not.toContain('#/$defs/');
    for (const ref of refs) expect(doc.components.schemas, ref).toHaveProperty(ref);
  });

  it('marks what a server serves when told', () => {
    expect(doc.paths['/users/me']!.get!['x-corridor-served']).toBe(true);
    expect(doc.paths['/v1/currencies']!.get!['x-corridor-served']).toBe(true);
    expect(doc.paths['/v1/banks']!.get!['x-corridor-served']).toBe(false);
    expect((buildOpenApi() as Doc).paths['/users/me']!.get!['x-corridor-served']).toBeUndefined();
  });
});
