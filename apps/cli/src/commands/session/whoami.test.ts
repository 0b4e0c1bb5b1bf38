import type { CurrentUser } from '@corridor/api';
import { describe, expect, it } from 'vitest';
import { NotSignedInError } from '../../errors.ts';
import { apiError, fakeBackend } from '../../testing/fake-api.ts';
import { fakeTerminal } from '../../testing/fake-terminal.ts';
import { signedInConfig, testContext, testDependencies } from '../../testing/test-context.ts';
import { whoami } from './whoami.ts';

const merchantUser: CurrentUser = {
  id: 'u-1',
  digit9Id: '100000001',
  name: 'Globex Operator',
  role: 'MERCHANT_SERVICE',
  parentId: 'ms-1',
  organisationType: 'MERCHANT',
  status: 'ACTIVE',
};

describe('whoami', () => {
  it('prints id, name, role and organisation as plain lines in a pipe, with the bearer token', async () => {
    const backend = fakeBackend({ me: () => merchantUser, request: () => ({ id: 'ms-1', name: 'Globex Trading' }) });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await whoami(testContext(deps));
    expect(deps.terminal.out()).toBe(
      'id\tu-1\ndigit9Id\t100000001\nname\tGlobex Operator\nrole\tMERCHANT_SERVICE\norganisation\tGlobex Trading (MERCHANT ms-1)\napiRoot\thttp://backend.test\n',
    );
    expect(backend.connections).toEqual([{ apiRoot: 'http://backend.test', token: 'token-abc' }]);
    expect(backend.requests.map((r) => r.path)).toEqual(['/v1/merchant-service/ms-1']);
  });

  it("loads a service provider user's company from /v1/service-provider/{id}", async () => {
    const backend = fakeBackend({
      me: () => ({ ...merchantUser, role: 'SERVICE_PROVIDER', parentId: 'sp 1', organisationType: 'SERVICE_PROVIDER' }),
      request: () => ({ name: 'Atlas Bank' }),
    });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await whoami(testContext(deps, { json: true }));
    expect(backend.requests.map((r) => r.path)).toEqual(['/v1/service-provider/sp%201']);
    expect(JSON.parse(deps.terminal.out())).toMatchObject({ organisationName: 'Atlas Bank', parentId: 'sp 1' });
  });

  it('still prints the user, with a warning, when the company cannot be loaded', async () => {
    const backend = fakeBackend({
      me: () => merchantUser,
      request: () => {
        throw apiError(404, 'NOT_FOUND', 'No such merchant service');
      },
    });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await whoami(testContext(deps));
    expect(deps.terminal.out()).toContain('organisation\tMERCHANT ms-1\n');
    expect(deps.terminal.err()).toBe('warning: could not load the organisation name: NOT_FOUND - No such merchant service\n');
  });

  it('prints stable JSON with --json', async () => {
    const deps = testDependencies({
      backend: fakeBackend({ me: () => ({ ...merchantUser, role: 'ADMIN', parentId: null, organisationType: 'INTERNAL' }) }),
      config: signedInConfig(),
    });
    await whoami(testContext(deps, { json: true }));
    expect(JSON.parse(deps.terminal.out())).toEqual({
      id: 'u-1',
      digit9Id: '100000001',
      name: 'Globex Operator',
      role: 'ADMIN',
      organisationType: 'INTERNAL',
      parentId: null,
      organisationName: null,
      apiRoot: 'http://backend.test',
    });
  });

  it('draws a table on a terminal', async () => {
    const deps = testDependencies({
      backend: fakeBackend({ me: () => merchantUser, request: () => ({ name: 'Globex Trading' }) }),
      config: signedInConfig(),
      terminal: fakeTerminal({ tty: true }),
    });
    await whoami(testContext(deps));
    expect(deps.terminal.out()).toMatch(/│.*Globex Operator/);
  });

  it('refuses without a token and never calls the backend', async () => {
    const backend = fakeBackend({ me: () => merchantUser });
    const deps = testDependencies({ backend });
    await expect(whoami(testContext(deps, { profileName: 'ops' }))).rejects.toThrow(
      new NotSignedInError('not signed in (profile ops): run corridor login --profile ops'),
    );
    expect(backend.connections).toHaveLength(0);
  });

  it('says the token was refused on 401', async () => {
    const backend = fakeBackend({
      me: () => {
        throw apiError(401, 'UNAUTHORIZED');
      },
    });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await expect(whoami(testContext(deps))).rejects.toThrow(/was refused/);
  });
});
