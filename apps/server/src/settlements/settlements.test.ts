import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '@corridor/domain';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { feeRules } from '../fees/fee-tables.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import {
  approveBothSides,
  callAs,
  creditByOperations,
  flatUsdFeeRule,
  globexAtlasWallets,
  knownUsdAedPricing,
  orgIdsByCode,
  transferUsers,
  tspOwnWallet,
  usdAedTransfer,
  walletPosition,
} from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { transactionsV2 } from '../transactions/transaction-schema.ts';
import { settlementItems, settlements } from './settlement-schema.ts';

let s: TestServer;
let globex: string;
let atlas1: string;
let atlas2: string;
let meridian: string;
let ops: string;
let globexId: string;
let usdWallet: string; // Globex USD wallet at Atlas
let aedWallet: string;
let atlasUsd: string; // Atlas's own USD wallet
let meridianUsd: string; // Meridian's own USD wallet

const T = '/tsp/v2/transactions';
const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => callAs(s, method, url, token, payload);
const balance = async (walletId: string) => (await walletPosition(s.services.db, walletId)).balance.toFixed();

/** A completed USD->AED transfer of Globex: carries a 2 USD REBATE charge line. */
async function completedTransfer(amount = '100') {
  const t = await usdAedTransfer(s, globex, { usd: usdWallet, aed: aedWallet }, amount);
  await approveBothSides(s, t.transactionId, atlas1, atlas2);
  return t;
}

const rebateBody = (extra: Record<string, unknown> = {}) => ({
  merchantServiceId: globexId,
  spWalletId: atlasUsd,
  msWalletId: usdWallet,
  currency: 'USD',
  amount: '2',
  ...extra,
});

beforeAll(async () => {
  s = await startTestServer();
  ({ globex, atlas1, atlas2, meridian, ops } = await transferUsers(s));
  const db = s.services.db;
  const orgs = await orgIdsByCode(db);
  const atlasId = orgs.get('ATLAS') ?? '';
  globexId = orgs.get('GLOBEX') ?? '';
  ({ usd: usdWallet, aed: aedWallet } = await globexAtlasWallets(db, orgs));
  atlasUsd = await tspOwnWallet(db, atlasId, 'USD');
  meridianUsd = await tspOwnWallet(db, orgs.get('MERIDIAN') ?? '', 'USD');
  expect([usdWallet, aedWallet, atlasUsd, meridianUsd].every((w) => w !== '')).toBe(true);
  await knownUsdAedPricing(s, atlasId, 'fee-settlements-test');
  // A flat 2 USD rebate on every transfer: the incentive the TSP owes Globex.
  await db.insert(feeRules).values(flatUsdFeeRule({ id: 'rebate-settlements-test', tspId: atlasId, kind: 'MERCHANT', chargeMode: 'REBATE', fee: '2' }));
  await creditByOperations(s, ops, usdWallet, '10000');
  await creditByOperations(s, ops, atlasUsd, '10000', 'USD', 'tsp');
});

afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

describe('rebate settlement', () => {
  it('pays the open rebate from the TSP wallet to the merchant wallet once; a second settlement is refused', async () => {
    const t = await completedTransfer();
    const charge = t.merchantCharges.find((c) => c.chargeMode === 'REBATE');
    expect(Number(charge?.amount)).toBe(2);
    const [tsp0, ms0] = [await balance(atlasUsd), await balance(usdWallet)];
    const res = await call('POST', `${T}/settlement/rebate`, atlas1, rebateBody());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ type: 'REBATE', status: 'POSTED', currency: 'USD', amount: '2' });
    expect(res.json().vouchers).toHaveLength(1);
    expect(Number(tsp0) - Number(await balance(atlasUsd))).toBe(2);
    expect(Number(await balance(usdWallet)) - Number(ms0)).toBe(2);
    // Nothing left open; a named charge already settled is 409.
    const again = await call('POST', `${T}/settlement/rebate`, atlas1, rebateBody());
    expect(again.statusCode).toBe(400);
    expect(again.json().invalidParameters[0].parameter).toBe('chargeIds');
  });

  it('two racing settlements of the same charge: exactly one posts', async () => {
    await completedTransfer();
    const tsp0 = await balance(atlasUsd);
    const results = await Promise.all([1, 2].map(() => call('POST', `${T}/settlement/rebate`, atlas1, rebateBody())));
    // The loser either finds nothing open (it ran after the winner committed: 400 naming chargeIds) or loses
    // the settlement item's key to the winner (they ran together, as on PostgreSQL: 409 ALREADY_SETTLED).
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(201);
    expect([400, 409]).toContain(codes[1]);
    expect(Number(tsp0) - Number(await balance(atlasUsd))).toBe(2);
  });

  it('a settlement dated ahead waits; its correction dated today posts it; a posted one is not corrected', async () => {
    await completedTransfer();
    const pending = await call('POST', `${T}/settlement/rebate`, atlas1, rebateBody({ settlementDate: '2099-01-01' }));
    expect(pending.statusCode, pending.body).toBe(201);
    expect(pending.json()).toMatchObject({ status: 'PENDING', vouchers: [] });
    const id = pending.json().settlementTransactionId as string;
    const wrong = await call('PUT', `${T}/settlement/rebate`, atlas1, { ...rebateBody({ amount: '3' }), settlementTransactionId: id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().invalidParameters[0].parameter).toBe('amount');
    const posted = await call('PUT', `${T}/settlement/rebate`, atlas1, {
      ...rebateBody({ settlementDate: s.config.now().toISOString().slice(0, 10), remarks: 'paid' }),
      settlementTransactionId: id,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().status).toBe('POSTED');
    const late = await call('PUT', `${T}/settlement/rebate`, atlas1, { ...rebateBody(), settlementTransactionId: id });
    expect(late.statusCode).toBe(409);
    // Another TSP does not see it, and FX premium is another kind of settlement.
    expect((await call('PUT', `${T}/settlement/rebate`, meridian, { ...rebateBody(), settlementTransactionId: id })).statusCode).toBe(404);
    const fx = await call('PUT', `${T}/settlement/fx`, atlas1, { ...rebateBody(), settlementTransactionId: id });
    expect(fx.statusCode).toBe(404);
    expect(fx.json().invalidParameters[0].parameter).toBe('settlementTransactionId');
  });

  it('foreign wallets and merchants are 404 naming the field; bad input 400 naming the field', async () => {
    const foreignSp = await call('POST', `${T}/settlement/fx`, atlas1, rebateBody({ spWalletId: meridianUsd }));
    expect(foreignSp.statusCode).toBe(404);
    expect(foreignSp.json().invalidParameters[0].parameter).toBe('spWalletId');
    const asMeridian = await call('POST', `${T}/settlement/fx`, meridian, rebateBody({ spWalletId: meridianUsd }));
    expect(asMeridian.statusCode).toBe(404);
    expect(asMeridian.json().invalidParameters[0].parameter).toBe('merchantServiceId');
    // The seed's completed demo transfer earned Globex an FX incentive: a settlement takes it, then none is left.
    const fxCharges = (await call('GET', '/v2/merchant/transactions/merchant-charges?size=500&chargeModes=FX_PREMIUM', globex)).json().content as Array<{
      amount: string;
      currency: string;
      settlementTransactionId: string | null;
    }>;
    const open = fxCharges.filter((c) => c.currency === 'USD' && c.settlementTransactionId === null);
    expect(open.length).toBeGreaterThan(0);
    const total = open.reduce((sum, c) => sum.plus(c.amount), new Dec(0)).toFixed();
    const seededFx = await call('POST', `${T}/settlement/fx`, atlas1, rebateBody({ amount: total }));
    expect(seededFx.statusCode, seededFx.body).toBe(201);
    const noFx = await call('POST', `${T}/settlement/fx`, atlas1, rebateBody());
    expect(noFx.statusCode).toBe(400);
    expect(noFx.json().invalidParameters[0].parameter).toBe('chargeIds');
    const unknownCharge = await call('POST', `${T}/settlement/fx`, atlas1, rebateBody({ chargeIds: ['nope:0'] }));
    expect(unknownCharge.statusCode).toBe(404);
    expect(unknownCharge.json().invalidParameters[0].parameter).toBe('chargeIds');
    const bad = await call('POST', `${T}/settlement/rebate`, atlas1, rebateBody({ amount: 'abc' }));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().invalidParameters)).toContain('amount');
  });
});

describe('settled charges in the charges list', () => {
  const MC = '/v2/merchant/transactions/merchant-charges';
  const rebatesOf = async (transactionId: string, query = '') =>
    ((await call('GET', `${MC}?size=500&chargeModes=REBATE${query}`, globex)).json().content as Array<Record<string, unknown>>).filter(
      (c) => c.transactionId === transactionId,
    );

  it('a rebate settled by the id the charges list shows carries that settlement, found by its id and date filters', async () => {
    const t = await completedTransfer();
    const [open] = await rebatesOf(t.transactionId);
    expect(open).toMatchObject({ chargeMode: 'REBATE', amount: '2', isReconciled: false, settlementTransactionId: null, settlementDate: null });
    // A settlement dated ahead takes the charge but pays nothing yet.
    const pending = await call('POST', `${T}/settlement/rebate`, atlas1, rebateBody({ chargeIds: [open?.id], settlementDate: '2099-01-01' }));
    expect(pending.statusCode, pending.body).toBe(201);
    const id = pending.json().settlementTransactionId as string;
    expect(await rebatesOf(t.transactionId)).toEqual([{ ...open, settlementTransactionId: id, settlementDate: '2099-01-01', isReconciled: false }]);
    // Corrected to today, it posts: the charge is reconciled by it.
    const today = s.config.now().toISOString().slice(0, 10);
    const posted = await call('PUT', `${T}/settlement/rebate`, atlas1, {
      ...rebateBody({ chargeIds: [open?.id], settlementDate: today }),
      settlementTransactionId: id,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const settled = { ...open, settlementTransactionId: id, settlementDate: today, isReconciled: true };
    expect(await rebatesOf(t.transactionId)).toEqual([settled]);
    expect((await call('GET', `${MC}/${String(open?.id)}`, globex)).json()).toEqual(settled);
    const byId = (await call('GET', `${MC}?size=500&settlementTransactionIds=${id}`, globex)).json().content;
    expect(byId).toEqual([settled]);
    expect(await rebatesOf(t.transactionId, `&fromSettlementDate=${today}&toSettlementDate=${today}`)).toEqual([settled]);
    expect(await rebatesOf(t.transactionId, '&fromSettlementDate=2099-01-02')).toEqual([]);
    expect(await rebatesOf(t.transactionId, '&toSettlementDate=2020-01-01')).toEqual([]);
    expect(await rebatesOf(t.transactionId, '&isReconciled=false')).toEqual([]);
    // The same id cannot be settled again.
    const again = await call('POST', `${T}/settlement/rebate`, atlas1, rebateBody({ chargeIds: [open?.id] }));
    expect(again.statusCode).toBe(409);
  });

  it('migration 0025 renames the settlement items and item ids of the former `<row id>:<index>` scheme', async () => {
    const db = s.services.db;
    const t = await completedTransfer();
    const [open] = await rebatesOf(t.transactionId);
    const [row] = await db
      .select({ id: transactionsV2.id, charges: transactionsV2.merchantCharges })
      .from(transactionsV2)
      .where(eq(transactionsV2.transactionId, t.transactionId));
    const index = row?.charges.findIndex((c) => c.chargeMode === 'REBATE') ?? -1;
    expect(open?.id).toBe(`${row?.id}-M${index + 1}`);
    const legacy = `${row?.id}:${index}`;
    await db.insert(settlements).values({
      id: 'legacy-settlement',
      settlementTransactionId: 'RBS-LEGACY-1',
      serviceProviderId:
        (
          await db
            .select({ sp: transactionsV2.serviceProviderId })
            .from(transactionsV2)
            .where(eq(transactionsV2.id, row?.id ?? ''))
        )[0]?.sp ?? '',
      merchantId: globexId,
      type: 'REBATE',
      status: 'POSTED',
      spWalletId: atlasUsd,
      msWalletId: usdWallet,
      currency: 'USD',
      amount: '2',
      itemIds: [legacy],
      settlementDate: '2026-01-05',
      createdBy: 'migration-test',
      createdAt: s.config.now(),
    });
    await db.insert(settlementItems).values({ itemKey: `CHARGE:${legacy}`, settlementId: 'legacy-settlement', serviceProviderId: 'x' });
    const file = await readFile(fileURLToPath(new URL('../../drizzle/0025_charge_ids.sql', import.meta.url)), 'utf8');
    for (const statement of file.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const [item] = await db.select().from(settlementItems).where(eq(settlementItems.settlementId, 'legacy-settlement'));
    expect(item?.itemKey).toBe(`CHARGE:${open?.id}`);
    const [legacyRow] = await db.select({ itemIds: settlements.itemIds }).from(settlements).where(eq(settlements.id, 'legacy-settlement'));
    expect(legacyRow?.itemIds).toEqual([open?.id]);
    expect(await rebatesOf(t.transactionId)).toEqual([{ ...open, settlementTransactionId: 'RBS-LEGACY-1', settlementDate: '2026-01-05', isReconciled: true }]);
  });
});

describe('wallet balance reset', () => {
  it('posts an adjustment for the difference, nothing when already there, 404 for a foreign wallet', async () => {
    const before = await balance(atlasUsd);
    const target = (Number(before) + 10.5).toString();
    const res = await call('PUT', '/v2/sp/transactions/wallet/balance', atlas1, { walletId: atlasUsd, balance: target, reason: 'bank statement' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ walletId: atlasUsd, previousBalance: before, balance: target });
    expect(res.json().voucherNo).not.toBe('');
    expect(await balance(atlasUsd)).toBe(target);
    const same = await call('PUT', '/v2/sp/transactions/wallet/balance', atlas1, { walletId: atlasUsd, balance: target, reason: 'again' });
    expect(same.json().voucherNo).toBe('');
    const foreign = await call('PUT', '/v2/sp/transactions/wallet/balance', atlas1, { walletId: meridianUsd, balance: '1', reason: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters[0].parameter).toBe('walletId');
    const below = await call('PUT', '/v2/sp/transactions/wallet/balance', atlas1, { walletId: atlasUsd, balance: '-999999999', reason: 'typo' });
    expect(below.statusCode, below.body).toBe(422);
    expect(below.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', invalidParameters: [{ parameter: 'balance' }] });
    expect(await balance(atlasUsd)).toBe(target);
    const noReason = await call('PUT', '/v2/sp/transactions/wallet/balance', atlas1, { walletId: atlasUsd, balance: '1' });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json().invalidParameters)).toContain('reason');
  });

  it('two racing resets to the same balance move it once', async () => {
    const target = (Number(await balance(atlasUsd)) - 3).toString();
    const body = { walletId: atlasUsd, balance: target, reason: 'race' };
    const results = await Promise.all([1, 2].map(() => call('PUT', '/v2/sp/transactions/wallet/balance', atlas1, body)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(results.filter((r) => r.json().voucherNo === '')).toHaveLength(1);
    expect(await balance(atlasUsd)).toBe(target);
  });
});

describe('net-off', () => {
  it('lists no candidates for a wallet without cross-TSP transfers; foreign wallet 404; preview counts drawn credit', async () => {
    const list = await call('GET', `${T}/net-off/candidates?spWalletId=${atlasUsd}`, atlas1);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ content: [], totalElements: 0 });
    const foreign = await call('GET', `${T}/net-off/candidates?spWalletId=${meridianUsd}`, atlas1);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters[0].parameter).toBe('spWalletId');
    const missing = await call('GET', `${T}/net-off/candidates`, atlas1);
    expect(missing.statusCode).toBe(400);
    const preview = await call('GET', `/v1/service-provider/wallets/credit/net-off/preview?walletId=${atlasUsd}`, atlas1);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ walletId: atlasUsd, currency: 'USD', payable: '0', receivable: '0', net: '0', transactionIds: [] });
    const foreignPreview = await call('GET', `/v1/service-provider/wallets/credit/net-off/preview?walletId=${meridianUsd}`, atlas1);
    expect(foreignPreview.statusCode).toBe(404);
  });

  it('refuses a transaction that is not a cross-TSP transfer, and one of another TSP', async () => {
    const a = await completedTransfer();
    const b = await completedTransfer();
    const inHouse = await call('POST', `${T}/net-off`, atlas1, { spWalletId: atlasUsd, transactionIds: [a.transactionId, b.transactionId] });
    expect(inHouse.statusCode).toBe(400);
    expect(inHouse.json().invalidParameters[0].parameter).toBe('transactionIds');
    const foreign = await call('POST', '/v2/sp/transactions/netoff', meridian, { spWalletId: meridianUsd, transactionIds: [a.transactionId, b.transactionId] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters[0].parameter).toBe('transactionIds');
    const one = await call('POST', `${T}/net-off`, atlas1, { spWalletId: atlasUsd, transactionIds: [a.transactionId] });
    expect(one.statusCode).toBe(400);
  });
});

describe('linked transactions', () => {
  it('creates a pending linked leg on a wallet of the main transaction; unknown main or foreign wallet 404', async () => {
    const main = await completedTransfer();
    const res = await call('POST', '/v1/internal/transactions/linked', ops, {
      mainTransactionId: main.transactionId,
      linkedWalletId: usdWallet,
      amount: '7',
      currency: 'USD',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'PENDING', targetAmount: '7', referenceNumber: main.transactionId });
    const unknown = await call('POST', '/v1/internal/transactions/linked', ops, {
      mainTransactionId: 'nope',
      linkedWalletId: usdWallet,
      amount: '7',
      currency: 'USD',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().invalidParameters[0].parameter).toBe('mainTransactionId');
    const foreign = await call('POST', '/v1/internal/transactions/linked', ops, {
      mainTransactionId: main.transactionId,
      linkedWalletId: meridianUsd,
      amount: '7',
      currency: 'USD',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters[0].parameter).toBe('linkedWalletId');
    const wrongCcy = await call('POST', '/v1/internal/transactions/linked', ops, {
      mainTransactionId: main.transactionId,
      linkedWalletId: usdWallet,
      amount: '7',
      currency: 'AED',
    });
    expect(wrongCcy.statusCode).toBe(400);
  });
});
