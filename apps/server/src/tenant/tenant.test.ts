import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Contract } from '@corridor/api';
import { users } from '../db/schema.ts';
import type { Caller } from './caller.ts';
import type { HandlerContext } from '../http/registrar.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import type { AdminCaller, MerchantCaller, MerchantTenant, SpCaller, SpTenant, Tenant } from './tenant.ts';

describe('handler context by audience', () => {
  it('narrows the caller and hands over the tenant at the type level', () => {
    type Merchant = HandlerContext<Contract['merchantWallets.list']>;
    expectTypeOf<Merchant['caller']>().toEqualTypeOf<MerchantCaller>();
    expectTypeOf<Merchant['caller']['org']>().toEqualTypeOf<string>();
    expectTypeOf<Merchant['tenant']>().toEqualTypeOf<MerchantTenant>();
    type Sp = HandlerContext<Contract['spWallets.list']>;
    expectTypeOf<Sp['caller']>().toEqualTypeOf<SpCaller>();
    expectTypeOf<Sp['tenant']>().toEqualTypeOf<SpTenant>();
    type Internal = HandlerContext<Contract['internalWallets.list']>;
    expectTypeOf<Internal['caller']>().toEqualTypeOf<AdminCaller>();
    expectTypeOf<Internal['tenant']>().toEqualTypeOf<null>();
    type Common = HandlerContext<Contract['files.list']>;
    expectTypeOf<Common['caller']>().toEqualTypeOf<Caller>();
    expectTypeOf<Common['tenant']>().toEqualTypeOf<Tenant | null>();
    type Signed = HandlerContext<Contract['files.publicDownload']>;
    expectTypeOf<Signed['caller']>().toEqualTypeOf<null>();
    // Calls served in a loop over two audiences get either narrowed caller, both with an organisation.
    type Either = HandlerContext<Contract['users.spList' | 'users.merchantList']>;
    expectTypeOf<Either['caller']['org']>().toEqualTypeOf<string>();
  });
});

describe('tenant at run time', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  it('scopes a merchant call to the caller merchant and refuses a merchant user without one', async () => {
    const token = await s.token('100000011');
    const mine = await s.get('/v1/merchant/wallets?size=100', token);
    expect(mine.statusCode).toBe(200);
    const [user] = await s.services.db.select().from(users).where(eq(users.digit9Id, '100000011'));
    const merchantIds = new Set((mine.json().content as Array<{ merchantServiceId?: string }>).map((w) => w.merchantServiceId));
    expect([...merchantIds]).toEqual([user?.orgId]);
    await s.services.db.update(users).set({ orgId: null }).where(eq(users.digit9Id, '100000011'));
    const orphan = await s.get('/v1/merchant/wallets', token);
    expect(orphan.statusCode).toBe(403);
    expect(orphan.json().code).toBe('FORBIDDEN');
  });
});
