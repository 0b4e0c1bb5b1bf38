import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  accountingConfig,
  accountingEntry,
  contract,
  pageOf,
  positionActivity,
  positionSummaryRow,
  statementLine,
  statementPage,
  statementSummaryRow,
  wallet,
  walletConfig,
  walletPosition,
} from '@corridor/api';
import { Dec } from '@corridor/domain';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';

let s: TestServer;
let globex: string; // merchant 100000001 (Atlas)
let stark: string; // merchant 100000004 (Meridian)
let atlas: string; // SP 200000001
let meridian: string; // SP 200000002
let admin: string;

const walletPage = pageOf(wallet);
const linePage = pageOf(statementLine);

beforeAll(async () => {
  s = await startTestServer();
  [globex, stark, atlas, meridian, admin] = await Promise.all([
    s.token('100000001'),
    s.token('100000004'),
    s.token('200000001'),
    s.token('200000002'),
    s.token('900000001'),
  ]);
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

function send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) {
  return s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
}

async function wallets(url: string, token: string) {
  const res = await s.get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return walletPage.parse(res.json());
}

describe('demo wallets', () => {
  it('gives every merchant payment and settlement wallets in several currencies, with history', async () => {
    const page = await wallets('/v1/merchant/wallets?size=100&inclPosition=true', globex);
    const currencies = new Set(page.content.map((w) => w.currency.code));
    expect([...currencies].sort()).toEqual(['AED', 'EUR', 'GBP', 'USD']);
    expect(new Set(page.content.map((w) => w.type))).toEqual(new Set(['PAYMENT', 'SETTLEMENT']));
    const funded = page.content.filter((w) => new Dec(w.position?.balance.amount ?? '0').gt(0));
    expect(funded.length).toBeGreaterThanOrEqual(4);
    const activity = linePage.parse((await s.get('/v1/merchant/wallets/activity?size=1000', globex)).json());
    expect(activity.totalElements).toBeGreaterThan(40);
    const dates = activity.content.map((l) => new Date(l.date).getTime());
    expect(Math.max(...dates) - Math.min(...dates)).toBeGreaterThan(120 * 86_400_000);
  });
});

describe('merchant wallets', () => {
  it('reads one wallet and its position; the statement closes at the position balance', async () => {
    const [first] = (await wallets('/v1/merchant/wallets?types=PAYMENT&currencyCodes=USD', globex)).content;
    expect(first).toBeDefined();
    const id = first?.id ?? '';
    const one = wallet.parse((await s.get(`/v1/merchant/wallets/${id}`, globex)).json());
    expect(one.currency.code).toBe('USD');
    const position = walletPosition.parse((await s.get(`/v1/merchant/wallets/position/${id}`, globex)).json());
    const lines = linePage.parse((await s.get(`/v1/merchant/wallets/activity?walletIds=${id}&size=1&sort=date,DESC`, globex)).json());
    expect(lines.content[0]?.closingBalance).toBe(position.balance.amount);
    const oldest = linePage.parse((await s.get(`/v1/merchant/wallets/activity?walletIds=${id}&size=1&sort=date,ASC`, globex)).json());
    expect(oldest.content[0]?.openingBalance).toBe('0');
  });

  it('lists position movements per bucket, each with the bucket value after it', async () => {
    const [first] = (await wallets('/v1/merchant/wallets?types=PAYMENT&currencyCodes=AED', globex)).content;
    const position = walletPosition.parse((await s.get(`/v1/merchant/wallets/position/${first?.id ?? ''}`, globex)).json());
    const moves = pageOf(positionActivity).parse((await s.get('/v1/merchant/wallets/position/activity?currency=AED&sort=date,DESC&size=500', globex)).json());
    const latest = moves.content.find((m) => m.walletId === first?.id && m.action.startsWith('balance_'));
    expect(latest?.balanceAfter).toBe(position.balance.amount);
    const granted = moves.content.find((m) => m.walletId === first?.id && m.action === 'creditLimit_CREDIT');
    expect(granted?.balanceAfter).toBe(position.creditPosition.creditLimit.amount);
    const one = pageOf(positionActivity).parse(
      (await s.get(`/v1/merchant/wallets/position/activity?walletPositionActivityId=${latest?.walletPositionActivityId ?? ''}`, globex)).json(),
    );
    expect(one.totalElements).toBe(1);
    const stranger = pageOf(positionActivity).parse(
      (await s.get(`/v1/merchant/wallets/position/activity?walletPositionActivityId=${latest?.walletPositionActivityId ?? ''}`, stark)).json(),
    );
    expect(stranger.totalElements).toBe(0);
  });

  it('filters, sorts and pages the wallet list', async () => {
    const sorted = await wallets('/v1/merchant/wallets?sort=currency.code,DESC,ignorecase&size=3&page=0', globex);
    expect(sorted.size).toBe(3);
    expect(sorted.totalElements).toBeGreaterThan(3);
    const codes = sorted.content.map((w) => w.currency.code);
    expect([...codes].sort().reverse()).toEqual(codes);
    const settlement = await wallets('/v1/merchant/wallets?types=SETTLEMENT', globex);
    expect(settlement.content.every((w) => w.type === 'SETTLEMENT')).toBe(true);
    const rich = await wallets('/v1/merchant/wallets?inRange=1000000000,&inclPosition=true', globex);
    expect(rich.totalElements).toBe(0);
    const currencies = z
      .object({ content: z.array(z.object({ code: z.string() })) })
      .parse((await s.get('/v1/merchant/wallets/currencies?page=0&size=10000', globex)).json());
    expect(currencies.content.map((c) => c.code).sort()).toEqual(['AED', 'EUR', 'GBP', 'USD']);
  });

  it('groups positions by currency and activity by wallet', async () => {
    const summary = z.array(positionSummaryRow).parse((await s.get('/v1/merchant/wallets/position/summary', globex)).json());
    expect(summary.map((r) => r.group).sort()).toEqual(['AED', 'EUR', 'GBP', 'USD']);
    const list = await wallets('/v1/merchant/wallets?size=100&inclPosition=true&currencyCodes=EUR', globex);
    const eur = summary.find((r) => r.group === 'EUR');
    const total = list.content.reduce((a, w) => a.plus(w.position?.balance.amount ?? '0'), new Dec(0));
    expect(eur?.balance).toBe(total.toFixed());
    const grouped = z.array(statementSummaryRow).parse((await s.get('/m/api/v1/wallets/activity/summary?groupBy=walletId', globex)).json());
    for (const row of grouped) {
      expect(new Dec(row.openingBalance).plus(row.totalCredit).minus(row.totalDebit).toFixed()).toBe(row.closingBalance);
    }
  });

  it('pages activity by keyset over HTTP: each nextCursor gives the page after, to the last, and a forged cursor is a 400 naming it', async () => {
    const all = statementPage.parse((await s.get('/v1/merchant/wallets/activity?size=1000', globex)).json());
    expect(all.totalKind).toBe('exact');
    const walked: string[] = [];
    let cursor: string | null | undefined = null;
    let pages = 0;
    do {
      const url: string = `/v1/merchant/wallets/activity?size=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = statementPage.parse((await s.get(url, globex)).json());
      walked.push(...page.content.map((l) => `${l.walletId}|${l.date}|${l.amount}|${l.closingBalance}`));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 1000);
    expect(pages).toBeGreaterThan(2);
    expect(walked).toEqual(all.content.map((l) => `${l.walletId}|${l.date}|${l.amount}|${l.closingBalance}`));
    const forged = await s.get('/v1/merchant/wallets/activity?cursor=not-a-cursor', globex);
    expect(forged.statusCode).toBe(400);
    expect(forged.json().invalidParameters).toEqual([expect.objectContaining({ parameter: 'cursor' })]);
  });

  it('keeps merchants apart: another merchant wallet is not found by id, filter, position or activity', async () => {
    const starkWallets = await wallets('/v1/merchant/wallets?size=100', stark);
    const foreign = starkWallets.content[0]?.id ?? '';
    expect(foreign).not.toBe('');
    expect((await s.get(`/v1/merchant/wallets/${foreign}`, globex)).statusCode).toBe(404);
    expect((await s.get(`/v1/merchant/wallets/position/${foreign}`, globex)).json().code).toBe('NOT_FOUND');
    const starkMerchant = starkWallets.content[0]?.merchantServiceId ?? '';
    // A filter naming another merchant or its wallet is refused, naming the filter, as its id in a path is.
    for (const [url, field] of [
      [`/v1/merchant/wallets?merchantServiceId=${starkMerchant}`, 'merchantServiceId'],
      [`/v1/merchant/wallets/activity?walletIds=${foreign}`, 'walletIds'],
      [`/m/api/v1/wallets/activity?walletIds=${foreign}`, 'walletIds'],
    ] as const) {
      const refused = await s.get(url, globex);
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json().invalidParameters[0].parameter).toBe(field);
    }
    expect((await s.get('/v1/merchant/wallets', atlas)).statusCode).toBe(403);
  });

  it('requests a payment wallet that the TSP then activates', async () => {
    const spWallets = await wallets('/v1/merchant/service-provider/wallets?currencyCodes=USD&accountCategoryIds=700', globex);
    const target = spWallets.content[0];
    expect(target?.position ?? null).toBeNull();
    const me = (await s.get('/users/me', globex)).json() as { parentId: string };
    const created = await send('POST', '/v1/merchant/wallets', globex, {
      alias: 'Globex USD projects',
      countryCode: 'AE',
      currencyCode: 'USD',
      spWalletId: target?.id,
      serviceProviderId: target?.serviceProviderId,
    });
    expect(created.statusCode, created.body).toBe(201);
    const requested = wallet.parse(created.json());
    expect(requested).toMatchObject({ status: 'INACTIVE', merchantServiceId: me.parentId, spWalletId: target?.id });
    expect((await send('PUT', `/v1/service-provider/merchant/wallets/${requested.id}`, meridian, { status: 'ACTIVE' })).statusCode).toBe(404);
    const approved = await send('PUT', `/v1/service-provider/merchant/wallets/${requested.id}`, atlas, {
      status: 'ACTIVE',
      statusReason: 'Approved: account documents checked',
    });
    expect(wallet.parse(approved.json()).status).toBe('ACTIVE');
    const renamed = await send('PATCH', `/v1/merchant/wallets/${requested.id}`, globex, { alias: 'Globex USD capex' });
    expect(wallet.parse(renamed.json()).alias).toBe('Globex USD capex');
    const refused = await send('PATCH', `/v1/merchant/wallets/${requested.id}`, globex, { status: 'INACTIVE' });
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'status' }] });
    const wrongCurrency = await send('POST', '/v1/merchant/wallets', globex, {
      alias: 'x',
      countryCode: 'AE',
      currencyCode: 'EUR',
      spWalletId: target?.id,
      serviceProviderId: target?.serviceProviderId,
    });
    expect(wrongCurrency.json().invalidParameters[0].parameter).toBe('currencyCode');
  });
});

describe('service-provider wallets', () => {
  it('lists the TSP own accounts and its merchants wallets, never the other TSP', async () => {
    const own = await wallets('/v1/service-provider/wallets?size=100', atlas);
    expect(own.content.every((w) => w.merchantServiceId === null && w.accountCategoryId !== null)).toBe(true);
    const otherOwn = await wallets('/v1/service-provider/wallets?size=100', meridian);
    const ownIds = new Set(own.content.map((w) => w.id));
    expect(otherOwn.content.some((w) => ownIds.has(w.id))).toBe(false);
    expect((await s.get(`/v1/service-provider/wallets/${otherOwn.content[0]?.id ?? ''}`, atlas)).statusCode).toBe(404);
    const merchantWallets = await wallets('/v1/service-provider/merchant/wallets?size=100', atlas);
    const merchants = new Set(merchantWallets.content.map((w) => w.merchantServiceId));
    // The demo's three trading merchants and Hooli Services, pending authorization with its USD wallet.
    expect(merchants.size).toBe(4);
    // Each merchant wallet names its merchant; the TSP's own accounts name none.
    expect([...new Set(merchantWallets.content.map((w) => w.merchantService?.name))].sort()).toEqual([
      'Globex Trading',
      'Hooli Services',
      'Initech Imports',
      'Umbrella Logistics',
    ]);
    expect(own.content.every((w) => w.merchantService === null)).toBe(true);
    const starkWallet = (await wallets('/v1/merchant/wallets', stark)).content[0]?.id ?? '';
    expect((await s.get(`/v1/service-provider/merchant/wallets/${starkWallet}`, atlas)).statusCode).toBe(404);
    const nostro = await wallets('/v1/service-provider/wallets?accountCategoryIds=100&currencyCodes=USD', atlas);
    expect(nostro.totalElements).toBe(1);
  });

  it('answers positions, the correspondent account and the position summary', async () => {
    const pool = (await wallets('/v1/service-provider/wallets?accountCategoryIds=500&currencyCodes=EUR', atlas)).content[0];
    const position = walletPosition.parse((await s.get(`/v1/service-provider/wallets/position/${pool?.id ?? ''}`, atlas)).json());
    expect(new Dec(position.balance.amount).gt(0)).toBe(true);
    const correspondent = walletPosition.parse((await s.get(`/s/api/v1/wallets/${pool?.id ?? ''}/position/correspondent-account`, atlas)).json());
    expect(correspondent.walletId).not.toBe(pool?.id);
    expect(correspondent.currency).toBe('EUR');
    const byCountry = z.array(positionSummaryRow).parse((await s.get('/v1/service-provider/wallets/position/summary?groupBy=country', atlas)).json());
    // Each account sits in its currency's country (the euro in Germany, Atlas being outside the euro area).
    expect(byCountry.map((r) => r.group).sort()).toEqual(['AE', 'DE', 'GB', 'IN', 'PK', 'US']);
  });

  it("creates a TSP wallet with one of the spec's account categories only", async () => {
    for (const odd of ['42', '800', '150', '1000', '1e2']) {
      const bad = await send('POST', '/v1/service-provider/wallets', atlas, { alias: 'Odd', accountCategoryId: odd, currencyCode: 'USD', countryCode: 'US' });
      expect(bad.json(), odd).toMatchObject({ code: 'VALIDATION_FAILED', invalidParameters: [{ parameter: 'accountCategoryId' }] });
    }
    const made = await send('POST', '/v1/service-provider/wallets', atlas, {
      alias: 'Atlas liquidity USD',
      accountCategoryId: '300',
      currencyCode: 'USD',
      countryCode: 'US',
    });
    expect(made.statusCode).toBe(201);
    const row = wallet.parse(made.json());
    expect(row.position?.balance.amount).toBe('0');
    const config = accountingConfig.parse(
      (await s.get(`/v1/internal/service-provider/wallets/accounting-config/${row.id}?tspId=${row.serviceProviderId ?? ''}`, admin)).json(),
    );
    expect(config.wallet.ledgerCcy).toBe('USD');
    expect(config.poolAccount?.ledgerCode).toBe('POOL-ATLAS-USD');
  });

  it('keeps wallet configs per transaction category, scoped to the TSP', async () => {
    const mw = (await wallets('/v1/merchant/wallets?types=PAYMENT&size=1', globex)).content[0];
    const byCategory = walletConfig.parse((await s.get(`/v1/merchant/wallets/config/${mw?.id ?? ''}/category/TOPUP`, globex)).json());
    expect(byCategory.transactionCategory).toBe('TOPUP');
    const created = await send('POST', '/v1/service-provider/merchant/wallets/config', atlas, {
      walletId: mw?.id,
      transactionCategory: 'MASS_PAYMENT',
      maxAmount: '1000.50',
    });
    expect(created.statusCode, created.body).toBe(201);
    const config = walletConfig.parse(created.json());
    expect(config.maxAmount).toBe('1000.5');
    expect((await s.get(`/v1/service-provider/merchant/wallets/config/${config.id}`, meridian)).statusCode).toBe(404);
    const updated = await send('PUT', `/v1/service-provider/merchant/wallets/config/${config.id}`, atlas, {
      walletId: mw?.id,
      transactionCategory: 'MASS_PAYMENT',
      enabled: false,
    });
    expect(walletConfig.parse(updated.json()).enabled).toBe(false);
    expect((await send('DELETE', `/v1/service-provider/merchant/wallets/config/${config.id}`, atlas)).statusCode).toBe(204);
    expect((await s.get(`/v1/service-provider/merchant/wallets/config/${config.id}`, atlas)).statusCode).toBe(404);
  });

  it('creates or updates accounting config and lists it paged', async () => {
    const own = (await wallets('/v1/service-provider/wallets?currencyCodes=GBP&accountCategoryIds=100', atlas)).content[0];
    const current = pageOf(accountingConfig).parse((await s.get(`/v1/service-provider/wallets/accounting-config/${own?.id ?? ''}`, atlas)).json());
    const ownCode = current.content[0]?.ledgerCode ?? '';
    const body = { walletId: own?.id, ledgerCode: ownCode, ledgerCcy: 'GBP', roundOff: { ledgerCode: 'TRN-ATLAS-GBP', ledgerCcy: 'GBP' } };
    const saved = await send('POST', '/v1/service-provider/wallets/accounting-config', atlas, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(accountingConfig.parse(saved.json())).toMatchObject({
      ledgerCode: ownCode,
      roundOff: { ledgerCode: 'TRN-ATLAS-GBP' },
      poolAccount: { ledgerCode: 'POOL-ATLAS-GBP' },
    });
    const wrong = await send('POST', '/v1/service-provider/wallets/accounting-config', atlas, { ...body, ledgerCcy: 'USD' });
    expect(wrong.json().invalidParameters[0].parameter).toBe('ledgerCcy');
    const foreign = await send('POST', '/v1/service-provider/wallets/accounting-config', meridian, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().invalidParameters[0].parameter).toBe('walletId');
    const page = pageOf(accountingConfig).parse((await s.get(`/v1/service-provider/wallets/accounting-config/${own?.id ?? ''}`, atlas)).json());
    expect(page.content[0]?.roundOff?.ledgerCode).toBe('TRN-ATLAS-GBP');
    const merchantSide = pageOf(accountingConfig).parse((await s.get('/m/api/v1/wallets/accounting-config?size=100', globex)).json());
    expect(merchantSide.totalElements).toBeGreaterThanOrEqual(6);
  });

  it("keeps all of four saves made at once of one wallet's accounting config (each names another account)", async () => {
    const own = (await wallets('/v1/service-provider/wallets?currencyCodes=GBP&accountCategoryIds=100', atlas)).content[0];
    const current = pageOf(accountingConfig).parse((await s.get(`/v1/service-provider/wallets/accounting-config/${own?.id ?? ''}`, atlas)).json());
    const base = { walletId: own?.id, ledgerCode: current.content[0]?.ledgerCode ?? '', ledgerCcy: 'GBP' };
    // Four saves at once, each naming one account of its own: every one answers 200 and all four are kept.
    const named = { transitAccount: 'TRN-ATLAS-GBP', chargesAccount: 'POOL-ATLAS-GBP', rebateIncome: 'TRN-ATLAS-GBP', unclaimedFund: 'POOL-ATLAS-GBP' };
    const saves = await Promise.all(
      Object.entries(named).map(([account, ledgerCode]) =>
        send('POST', '/v1/service-provider/wallets/accounting-config', atlas, { ...base, [account]: { ledgerCode, ledgerCcy: 'GBP' } }),
      ),
    );
    expect(
      saves.map((r) => r.statusCode),
      saves.map((r) => r.body).join(' '),
    ).toEqual([200, 200, 200, 200]);
    const stored = pageOf(accountingConfig).parse((await s.get(`/v1/service-provider/wallets/accounting-config/${own?.id ?? ''}`, atlas)).json());
    expect(stored.totalElements).toBe(1);
    expect(stored.content[0]).toMatchObject(Object.fromEntries(Object.entries(named).map(([account, ledgerCode]) => [account, { ledgerCode }])));
  });

  it('answers accounting entries with balanced vouchers, scoped to the TSP', async () => {
    const page = pageOf(accountingEntry).parse((await s.get('/v1/accounting/accounting_entries?category=PAYOUT&size=5', atlas)).json());
    expect(page.totalElements).toBeGreaterThan(0);
    for (const entry of page.content) {
      const v = entry.voucher;
      expect(v?.totalDebitAmountInLc).toBe(v?.totalCreditAmountInLc);
      expect(v?.voucherDetails.length).toBe(2);
    }
    const txId = page.content[0]?.transactionId ?? '';
    const entity = pageOf(accountingEntry).parse((await s.get(`/v1/accounting/${txId}`, atlas)).json());
    expect(entity.content.length).toBe(2); // the payout and its fee
    expect((await s.get(`/v1/accounting/${txId}`, meridian)).json().totalElements).toBe(0);
  });

  it('shows merchant activity to the TSP of the merchant only', async () => {
    const atlasSide = linePage.parse((await s.get('/sp/v1/merchant/wallets/activity?size=500', atlas)).json());
    const meridianSide = linePage.parse((await s.get('/sp/v1/merchant/wallets/activity?size=500', meridian)).json());
    const atlasTsp = new Set(atlasSide.content.map((l) => l.tspId));
    expect(atlasTsp.size).toBe(1);
    expect(meridianSide.content.some((l) => atlasTsp.has(l.tspId))).toBe(false);
    const summary = z.array(statementSummaryRow).parse((await s.get('/v1/tsp/wallets/activity/summary?groupBy=currency', atlas)).json());
    expect(summary.length).toBeGreaterThan(0);
  });
});

describe('internal wallets', () => {
  it('lets operations read any merchant wallet, its limit, and set statuses', async () => {
    const list = await wallets('/v1/internal/merchant/wallets?size=200', admin);
    // The demo's six trading merchants and Hooli Services (pending authorization, with a wallet).
    expect(new Set(list.content.map((w) => w.merchantServiceId)).size).toBe(7);
    const w = list.content[0];
    const limit = z
      .object({ available: z.string(), creditLimit: z.string() })
      .parse((await s.get(`/v1/internal/merchant/wallets/${w?.id ?? ''}/limit`, admin)).json());
    expect(new Dec(limit.available).gte(0)).toBe(true);
    expect((await s.get(`/v1/internal/merchant/wallets/${w?.id ?? ''}`, globex)).statusCode).toBe(403);
    const res = await s.app.inject({
      method: 'PUT',
      url: `/v1/internal/merchant/wallets?merchantServiceId=${w?.merchantServiceId ?? ''}&status=INACTIVE&type=SETTLEMENT`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.json().updated).toBeGreaterThan(0);
    const after = await wallets(`/v1/internal/merchant/settlement/wallets?merchantServiceId=${w?.merchantServiceId ?? ''}`, admin);
    expect(after.content.every((x) => x.status === 'INACTIVE')).toBe(true);
  });

  it('creates a payment wallet for a merchant at its TSP', async () => {
    const target = (await wallets('/v1/service-provider/wallets?currencyCodes=JPY&accountCategoryIds=700', meridian)).content[0];
    const merchant = (await wallets('/v1/merchant/wallets', stark)).content[0]?.merchantServiceId;
    const res = await send('POST', '/v1/internal/merchant/payment/wallet', admin, {
      merchantId: merchant,
      spWalletId: target?.id,
      alias: 'Stark JPY',
      countryCode: 'JP',
      currencyCode: 'JPY',
      serviceProviderId: target?.serviceProviderId,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(wallet.parse(res.json())).toMatchObject({ type: 'PAYMENT', status: 'ACTIVE' });
    const linked = wallet.parse(
      (await s.get(`/v1/internal/service-provider/wallets/linked-wallet/${res.json().id as string}?tspId=${target?.serviceProviderId ?? ''}`, admin)).json(),
    );
    expect(linked.id).toBe(target?.id);
  });
});

describe('contract coverage', () => {
  it('serves every wallet, credit, ledger, statement and record call', async () => {
    const { servedCallIds } = await import('../app.ts');
    const served = new Set(servedCallIds());
    const areas = ['merchantWallets', 'internalWallets', 'merchantAccounting', 'spWallets', 'credit', 'accounting', 'reports', 'internalServiceProvider'];
    const missing = Object.keys(contract).filter((id) => areas.includes(id.split('.')[0] ?? '') && !served.has(id));
    expect(missing).toEqual([]);
    expect(served.has('settlements.miscPayment')).toBe(true);
  });
});
