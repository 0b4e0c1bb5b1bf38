import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBody } from '@corridor/api';
import { PORTAL_BASIC, startTestServer, type TestServer } from '../test/test-server.ts';
import { DEFAULT_RATE_LIMITS, loadConfig } from '../config.ts';
import { SIGNATURE_HEADER, signCallback } from '../payout/bank-signature.ts';

let s: TestServer;
let checks = 0;
beforeAll(async () => {
  s = await startTestServer({ rateLimits: { perAddressPerMinute: 6, perIdPerMinute: 3 } });
  s.services.passwords.verify = async () => {
    checks++;
    return false;
  };
});
afterAll(async () => s?.close());

function grant(username: string, address: string) {
  return s.app.inject({
    method: 'POST',
    url: '/oauth/token',
    remoteAddress: address,
    headers: { authorization: PORTAL_BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', username, password: 'Wrong-1' }).toString(),
  });
}

describe('rate limits of the calls made without signing in', () => {
  it('limits token grants per ID across addresses with 429 RATE_LIMITED, Retry-After and the error body, before any password check', async () => {
    for (let i = 0; i < 3; i++) expect((await grant('100000002', `10.3.0.${i}`)).statusCode).toBe(401);
    const before = checks;
    const limited = await grant('100000002', '10.3.0.9');
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = errorBody.parse(limited.json());
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.message).toContain('3 sign-in attempts a minute for one ID');
    expect(checks).toBe(before);
    // Another ID from that address is not concerned.
    expect((await grant('100000003', '10.3.0.9')).statusCode).toBe(401);
  });

  it('limits one address across IDs and across the unsigned calls, and leaves other addresses alone', async () => {
    const address = '10.4.0.1';
    const fileLink = () => s.app.inject({ method: 'GET', url: '/public/files/x.pdf?user=u&expires=1&signature=x', remoteAddress: address });
    for (let i = 0; i < 4; i++) expect((await grant(`16666666${i}`, address)).statusCode).toBe(401);
    expect((await fileLink()).statusCode).not.toBe(429);
    expect((await fileLink()).statusCode).not.toBe(429);
    const limited = await grant('166666665', address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain('6 requests a minute from one address');
    expect((await fileLink()).statusCode).toBe(429);
    expect((await grant('166666669', '10.4.0.2')).statusCode).toBe(401);
  });

  it("gives calls that carry a session's own token (renewal, revocation) a roomier limit of their own", async () => {
    const address = '10.6.0.1';
    const revoke = () => s.app.inject({ method: 'POST', url: '/oauth/revoke', remoteAddress: address, headers: { authorization: PORTAL_BASIC } });
    // Reloads and renewals of a whole branch behind one address do not use up its sign-in allowance.
    for (let i = 0; i < 120; i++) expect((await revoke()).statusCode).toBe(200);
    expect((await grant('177777771', address)).statusCode).toBe(401);
    const limited = await revoke();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain('120 session renewals a minute from one address');
  });

  it("does not count a bank's signed callbacks against its address; forged ones are refused before any limit", async () => {
    const address = '10.7.0.1';
    const callback = (signature: (raw: string) => string) => {
      const raw = JSON.stringify({ messageId: 'BNK-x-1', paymentId: '00000000-0000-7000-8000-000000000000', attempt: 1, outcome: 'SETTLED' });
      return s.app.inject({
        method: 'POST',
        url: '/api/dbs/v1/remittance/ack',
        remoteAddress: address,
        payload: raw,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature(raw) },
      });
    };
    // Twice the address's allowance of signed callbacks: each reaches the handler (which does not know the payment).
    for (let i = 0; i < 12; i++) {
      const res = await callback((raw) => signCallback(s.config.bank.callbackSecret, raw, s.config.now()));
      expect(res.statusCode).not.toBe(429);
      expect(res.statusCode).not.toBe(401);
    }
    const forged = await callback((raw) => signCallback('not-the-secret', raw, s.config.now()));
    expect(forged.statusCode).toBe(401);
    // The address still has its whole allowance of 6 unsigned calls.
    for (let i = 0; i < 6; i++) expect((await grant(`18888888${i}`, address)).statusCode).toBe(401);
    expect((await grant('188888886', address)).statusCode).toBe(429);
  });

  it('does not count signed-in calls', async () => {
    const address = '10.5.0.1';
    for (let i = 0; i < 10; i++) {
      const res = await s.app.inject({ method: 'GET', url: '/users/me', remoteAddress: address, headers: { authorization: 'Bearer x' } });
      expect(res.statusCode).toBe(401);
    }
    // The address still has its whole allowance of 6 unsigned calls.
    for (let i = 0; i < 6; i++) expect((await grant(`19999999${i}`, address)).statusCode).toBe(401);
    expect((await grant('199999996', address)).statusCode).toBe(429);
  });

  it('defaults to limits a branch office never reaches by hand, configurable from the environment', () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ perAddressPerMinute: 60, perIdPerMinute: 20 });
    const config = loadConfig({ JWT_SECRET: 's', RATE_LIMIT_PER_ADDRESS: '600', RATE_LIMIT_PER_ID: '30' });
    expect(config.rateLimits).toEqual({ perAddressPerMinute: 600, perIdPerMinute: 30 });
    expect(() => loadConfig({ JWT_SECRET: 's', RATE_LIMIT_PER_ID: '0' })).toThrow(/RATE_LIMIT_PER_ID/);
  });
});
