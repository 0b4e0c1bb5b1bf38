import { describe, expectTypeOf, it } from 'vitest';
import type { CallInput } from './client.ts';
import type { Contract } from './contract.ts';

type NoInput = Record<never, never>;

describe('call input types', () => {
  it('require path parameters, required query fields and required bodies, and nothing else', () => {
    expectTypeOf<NoInput>().toExtend<CallInput<Contract['users.me']>>();
    expectTypeOf<NoInput>().toExtend<CallInput<Contract['merchantPayments.list']>>();
    expectTypeOf<NoInput>().not.toExtend<CallInput<Contract['users.spGet']>>();
    expectTypeOf<{ path: { id: string } }>().toExtend<CallInput<Contract['users.spGet']>>();
    expectTypeOf<NoInput>().not.toExtend<CallInput<Contract['internal.cacheEntries']>>();
    expectTypeOf<{ query: { cacheName: string } }>().toExtend<CallInput<Contract['internal.cacheEntries']>>();
    expectTypeOf<NoInput>().not.toExtend<CallInput<Contract['merchantPayments.create']>>();
    expectTypeOf<NoInput>().toExtend<CallInput<Contract['users.tokenPost']>>();
  });

  it('take query lists as a string or strings', () => {
    expectTypeOf<{ query: { merchantIds: string[] } }>().toExtend<CallInput<Contract['merchantPayments.list']>>();
    expectTypeOf<{ query: { merchantIds: number } }>().not.toExtend<CallInput<Contract['merchantPayments.list']>>();
  });
});
