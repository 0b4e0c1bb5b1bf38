import { createHmac } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { orgTypeOf, type Caller } from '../tenant/caller.ts';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '../config.ts';
import { createTokenService } from './tokens.ts';

const SECRET = 'tokens-test-secret-0123456789abcdef0123456789';
const T0 = new Date('2026-03-01T10:00:00.000Z');
const caller: Caller = { userId: 'user-1', role: 'MERCHANT_SERVICE', org: 'org-1', orgType: orgTypeOf('MERCHANT_SERVICE') };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const hs256 = (input: string, secret = SECRET) => createHmac('sha256', secret).update(input).digest('base64url');
/** A compact token with any header and payload, signed with HMAC-SHA256 over what it carries. */
function forge(header: Record<string, unknown>, payload: Record<string, unknown>, secret = SECRET): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  return `${signingInput}.${hs256(signingInput, secret)}`;
}
const seconds = Math.floor(T0.getTime() / 1000);
const goodClaims = { sub: 'user-1', role: 'MERCHANT_SERVICE', org: 'org-1', sid: 'session-1', iat: seconds, exp: seconds + 60 };

afterEach(() => vi.restoreAllMocks());

describe('access token verification', () => {
  const service = createTokenService(SECRET, () => T0);

  it('accepts a token it issued and reads the caller and session from it', async () => {
    const token = await service.issue(caller, 'session-1');
    expect(await service.verify(token)).toEqual({ userId: 'user-1', role: 'MERCHANT_SERVICE', org: 'org-1', orgType: caller.orgType, sessionId: 'session-1' });
    expect(await service.verify(forge({ alg: 'HS256', typ: 'JWT' }, goodClaims))).toMatchObject({ userId: 'user-1', sessionId: 'session-1' });
  });

  it('checks signatures without WebCrypto (node:crypto HMAC in the request turn)', async () => {
    const token = await service.issue(caller, 'session-1');
    const subtleVerify = vi.spyOn(globalThis.crypto.subtle, 'verify');
    expect(await service.verify(token)).not.toBeNull();
    expect(subtleVerify).not.toHaveBeenCalled();
  });

  it('refuses another algorithm named in the header, even with a valid HMAC (algorithm confusion)', async () => {
    for (const alg of ['none', 'HS384', 'HS512', 'RS256', 'hs256', '']) {
      expect(await service.verify(forge({ alg, typ: 'JWT' }, goodClaims)), alg).toBeNull();
    }
    expect(await service.verify(forge({ typ: 'JWT' }, goodClaims))).toBeNull();
    const unsecured = new UnsecuredJWT(goodClaims).encode();
    expect(await service.verify(unsecured)).toBeNull();
    expect(await service.verify(`${unsecured}${hs256(unsecured.slice(0, -1))}`)).toBeNull();
    // jose's HS512 with our secret: a real signature, of the wrong algorithm.
    const hs512 = await new SignJWT(goodClaims).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(SECRET));
    expect(await service.verify(hs512)).toBeNull();
  });

  it('refuses header extensions it does not understand (crit, unencoded payload)', async () => {
    expect(await service.verify(forge({ alg: 'HS256', crit: ['exp'] }, goodClaims))).toBeNull();
    expect(await service.verify(forge({ alg: 'HS256', b64: false }, goodClaims))).toBeNull();
  });

  it('refuses a bad signature: another secret, a changed payload, a cut or re-encoded signature', async () => {
    expect(await service.verify(forge({ alg: 'HS256' }, goodClaims, `${SECRET}x`))).toBeNull();
    const token = await service.issue(caller, 'session-1');
    const [head, , signature] = token.split('.');
    const promoted = b64({ ...goodClaims, role: 'ADMIN' });
    expect(await service.verify(`${head}.${promoted}.${signature}`)).toBeNull();
    expect(await service.verify(`${head}.${token.split('.')[1]}.${signature?.slice(0, -2)}`)).toBeNull();
    expect(await service.verify(`${token}=`)).toBeNull();
    expect(await service.verify(`${token}A`)).toBeNull();
    expect(await service.verify(`${token}.`)).toBeNull();
    expect(await service.verify(token.replace(/\./g, '..'))).toBeNull();
    expect(await service.verify('')).toBeNull();
    expect(await service.verify('not a token')).toBeNull();
  });

  it('refuses an expired token, one without exp, with a non-numeric exp, or not yet valid', async () => {
    const { exp: _exp, ...noExp } = goodClaims;
    expect(await service.verify(forge({ alg: 'HS256' }, noExp))).toBeNull();
    expect(await service.verify(forge({ alg: 'HS256' }, { ...goodClaims, exp: String(seconds + 60) }))).toBeNull();
    expect(await service.verify(forge({ alg: 'HS256' }, { ...goodClaims, exp: seconds }))).toBeNull();
    expect(await service.verify(forge({ alg: 'HS256' }, { ...goodClaims, exp: seconds + 1 }))).not.toBeNull();
    expect(await service.verify(forge({ alg: 'HS256' }, { ...goodClaims, nbf: seconds + 10 }))).toBeNull();
    expect(await service.verify(forge({ alg: 'HS256' }, { ...goodClaims, iat: 'yesterday' }))).toBeNull();

    const token = await service.issue(caller, 'session-1');
    const later = createTokenService(SECRET, () => new Date(T0.getTime() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000));
    expect(await later.verify(token)).toBeNull();
    const justBefore = createTokenService(SECRET, () => new Date(T0.getTime() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000 - 1000));
    expect(await justBefore.verify(token)).not.toBeNull();
  });

  it('refuses a token without a subject, a session or a known role, or whose payload is not an object', async () => {
    const { sub: _sub, ...noSub } = goodClaims;
    const { sid: _sid, ...noSid } = goodClaims;
    expect(await service.verify(forge({ alg: 'HS256' }, noSub))).toBeNull();
    expect(await service.verify(forge({ alg: 'HS256' }, noSid))).toBeNull();
    expect(await service.verify(forge({ alg: 'HS256' }, { ...goodClaims, role: 'ROOT' }))).toBeNull();
    const arrayBody = `${b64({ alg: 'HS256' })}.${b64([1, 2])}`;
    expect(await service.verify(`${arrayBody}.${hs256(arrayBody)}`)).toBeNull();
  });
  it('keeps a verified token by its text: the same claims until it expires, a changed character checked afresh', async () => {
    let clock = T0;
    const timed = createTokenService(SECRET, () => clock);
    const token = await timed.issue(caller, 'session-1');
    const first = await timed.verify(token);
    expect(first).toMatchObject({ userId: 'user-1', sessionId: 'session-1' });
    expect(await timed.verify(token)).toEqual(first);
    clock = new Date(T0.getTime() + (ACCESS_TOKEN_LIFETIME_SECONDS + 1) * 1000);
    expect(await timed.verify(token)).toBeNull();
    // Back in its lifetime it is accepted again; a token that differs by one character is refused.
    clock = T0;
    expect(await timed.verify(token)).toEqual(first);
    expect(await timed.verify(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
  });
});
