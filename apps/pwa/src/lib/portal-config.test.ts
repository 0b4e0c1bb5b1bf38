import { describe, expect, it } from 'vitest';
import { fetchPortalConfig } from './portal-config.ts';

const answer = (status: number, body: unknown): typeof fetch => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe('portal config', () => {
  it('reads the directory sign-in URL', async () => {
    const config = await fetchPortalConfig(answer(200, { version: '0.0.398', directorySignInUrl: 'https://idp.example/x' }));
    expect(config).toEqual({ version: '0.0.398', directorySignInUrl: 'https://idp.example/x' });
  });

  it('null or empty means no directory sign-in', async () => {
    expect((await fetchPortalConfig(answer(200, { directorySignInUrl: null }))).directorySignInUrl).toBeNull();
    expect((await fetchPortalConfig(answer(200, { directorySignInUrl: '' }))).directorySignInUrl).toBeNull();
  });

  it('an error answer or no network still lets the login form work', async () => {
    expect((await fetchPortalConfig(answer(500, {}))).directorySignInUrl).toBeNull();
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await fetchPortalConfig(offline)).toEqual({ version: '0.0.398', directorySignInUrl: null });
  });
});
