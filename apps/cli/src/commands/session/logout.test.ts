import { describe, expect, it } from 'vitest';
import { fakeTerminal } from '../../testing/fake-terminal.ts';
import { signedInConfig, testContext, testDependencies } from '../../testing/test-context.ts';
import { logout } from './logout.ts';

describe('logout', () => {
  it("removes the profile's token and keeps its root and username", async () => {
    const deps = testDependencies({ config: signedInConfig() });
    await logout(testContext(deps));
    expect(deps.config.current().profiles['default']).toEqual({ apiRoot: 'http://backend.test', username: '900000001' });
    expect(deps.terminal.err()).toBe('Signed out of profile default.\n');
  });

  it('says so when the profile was not signed in, without writing', async () => {
    const deps = testDependencies({ terminal: fakeTerminal() });
    await logout(testContext(deps, { json: true }));
    expect(JSON.parse(deps.terminal.out())).toEqual({ profile: 'default', signedOut: false });
    expect(deps.config.writes).toBe(0);
  });
});
