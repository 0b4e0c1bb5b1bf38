import { describe, expect, expectTypeOf, it } from 'vitest';
import { audienceOf, type AudienceOfPath } from './define.ts';
import { contract, definitions } from './index.ts';

describe('audienceOf', () => {
  it.each([
    ['/v1/merchant-service/x', 'merchant'],
    ['/v1/merchant/wallets', 'merchant'],
    ['/m/api/v1/user', 'merchant'],
    ['/v1/internal/x', 'internal'],
    ['/c/api/v1/sp/wallets/public', 'public'],
    ['/tsp/v1/pricing/fees', 'serviceProvider'],
    ['/s/api/v1/user', 'serviceProvider'],
    ['/v1/service-provider/wallets', 'serviceProvider'],
    ['/v1/config/globals', 'config'],
    ['/oauth/token', 'client'],
    ['/oauth/revoke', 'client'],
    ['/public/files/a.pdf', 'signed'],
    ['/v1/currencies', 'common'],
  ])('%s is %s', (path, audience) => {
    expect(audienceOf(path)).toBe(audience);
  });

  it('is a literal type per call, matching the runtime rule', () => {
    expectTypeOf<AudienceOfPath<'/v1/merchant-service/x'>>().toEqualTypeOf<'merchant'>();
    expectTypeOf<AudienceOfPath<'/v1/internal/x'>>().toEqualTypeOf<'internal'>();
    expectTypeOf<AudienceOfPath<'/c/api/v1/sp/wallets/public'>>().toEqualTypeOf<'public'>();
    expectTypeOf<AudienceOfPath<'/v1/service-provider/wallets'>>().toEqualTypeOf<'serviceProvider'>();
    expectTypeOf<AudienceOfPath<'/v1/currencies'>>().toEqualTypeOf<'common'>();
    expectTypeOf(contract['merchantWallets.list'].audience).toEqualTypeOf<'merchant'>();
    expectTypeOf(contract['spWallets.list'].audience).toEqualTypeOf<'serviceProvider'>();
    expectTypeOf(contract['internalWallets.list'].audience).toEqualTypeOf<'internal'>();
    expect(contract['merchantWallets.list'].audience).toBe('merchant');
  });

  it('is applied to every definition from its path', () => {
    for (const def of Object.values(definitions)) expect(def.audience).toBe(audienceOf(def.path));
  });
});

describe('contract', () => {
  it('has one definition per method and path', () => {
    const seen = new Map<string, string>();
    for (const [callId, def] of Object.entries(definitions)) {
      const key = `${def.method} ${def.path}`;
      expect(seen.get(key), `${key} defined by ${seen.get(key)} and ${callId}`).toBeUndefined();
      seen.set(key, callId);
    }
  });

  it('declares every path placeholder as a path parameter and nothing else', () => {
    for (const [callId, def] of Object.entries(definitions)) {
      const placeholders = [...def.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = Object.keys(def.pathParams?.shape ?? {}).sort();
      expect(declared, callId).toEqual(placeholders);
    }
  });

  it('rejects a bad body field by field', () => {
    const result = contract['users.spCreate'].body.safeParse({ digit9Id: '12', name: '', password: 'x' });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => i.path.join('.')).sort();
    expect(fields).toEqual(['digit9Id', 'name', 'password']);
  });
});
