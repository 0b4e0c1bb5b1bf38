import { definitions } from '@corridor/api';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../errors.ts';
import { fakeBackend } from '../../testing/fake-api.ts';
import { testContext, testDependencies } from '../../testing/test-context.ts';
import { callsList } from './list.ts';

const total = Object.keys(definitions).length;

describe('calls', () => {
  it('lists every call of the contract with method, path, audience and id', async () => {
    const deps = testDependencies();
    await callsList(testContext(deps), {});
    const lines = deps.terminal.out().trimEnd().split('\n');
    expect(lines).toHaveLength(total);
    expect(lines).toContain('GET\t/users/me\tcommon\tusers.me');
    expect(lines).toContain('GET\t/v1/internal/cache/get\tinternal\tinternal.cacheGet');
  });

  it('counts the calls the server marks as served in its OpenAPI document', async () => {
    const openapi = {
      openapi: '3.1.0',
      paths: {
        '/users/me': { get: { operationId: 'users.me', 'x-corridor-served': true } },
        '/v1/internal/cache/get': { get: { operationId: 'internal.cacheGet', 'x-corridor-served': true } },
        '/v1/internal/errors': { get: { operationId: 'internal.errors', 'x-corridor-served': false } },
      },
    };
    const backend = fakeBackend({ request: () => openapi });
    const deps = testDependencies({ backend });
    await callsList(testContext(deps, { json: true, apiRootOption: 'http://server.test' }), { served: true });
    expect(backend.requests[0]).toMatchObject({ method: 'GET', path: '/openapi.json', connection: { apiRoot: 'http://server.test' } });
    const out = JSON.parse(deps.terminal.out()) as { total: number; served: number; calls: Array<{ id: string; served: boolean }> };
    expect(out.total).toBe(total);
    expect(out.served).toBe(2);
    expect(out.calls.find((c) => c.id === 'internal.errors')?.served).toBe(false);
    expect(out.calls.find((c) => c.id === 'users.me')?.served).toBe(true);
  });

  it('prints the served count on stderr in a pipe so stdout stays rows', async () => {
    const openapi = { 'x-corridor-served': ['users.me'], paths: {} };
    const deps = testDependencies({ backend: fakeBackend({ request: () => openapi }) });
    await callsList(testContext(deps), { served: true });
    expect(deps.terminal.out()).toContain('GET\t/users/me\tcommon\tusers.me\tyes\n');
    expect(deps.terminal.err()).toBe(`1 of ${total} calls served by http://127.0.0.1:8080\n`);
  });

  it('refuses a document that says nothing about served calls', async () => {
    const deps = testDependencies({ backend: fakeBackend({ request: () => ({ openapi: '3.1.0', paths: {} }) }) });
    await expect(callsList(testContext(deps), { served: true })).rejects.toThrow(CliError);
  });
});
