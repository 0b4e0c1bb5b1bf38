import { describe, expect, it } from 'vitest';
import { tokenHint } from './token-hint.ts';

const part = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const token = (claims: unknown) => `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2lnbmF0dXJl`;

describe('the hint an access token gives', () => {
  it("reads the user's id and organisation type from the token's claims", () => {
    const claims = { sub: '01a2477f-0bbb-747c-a782-dd2a95efc7e3', role: 'MERCHANT', orgType: 'MERCHANT', sid: 's', exp: 2_000_000_000 };
    expect(tokenHint(token(claims))).toEqual({ userId: claims.sub, orgType: 'MERCHANT' });
  });

  it('reads claims whose base64url uses the characters base64 writes otherwise, unpadded', () => {
    // '?>' and '~~' encode to '_' and '-' in base64url; the lengths leave no padding to add.
    const claims = { sub: 'user?>~~', orgType: 'SERVICE_PROVIDER', x: 'ab' };
    expect(part(claims)).toMatch(/[-_]/);
    expect(tokenHint(token(claims))).toEqual({ userId: 'user?>~~', orgType: 'SERVICE_PROVIDER' });
  });

  it('gives no hint for a token that does not read as expected', () => {
    for (const bad of [
      '',
      'opaque',
      'a.b',
      `x.${part('not json')}.y`,
      `x.${part([1])}.y`,
      `x.${part(null)}.y`,
      token({ orgType: 'MERCHANT' }),
      token({ sub: '', orgType: 'MERCHANT' }),
      token({ sub: 'u' }),
      token({ sub: 7, orgType: 'MERCHANT' }),
      'x.%%%.y',
    ]) {
      expect(tokenHint(bad)).toBeNull();
    }
  });
});
