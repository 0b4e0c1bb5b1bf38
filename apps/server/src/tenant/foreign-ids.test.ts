import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { contract } from '@corridor/api';
import { accountingConfigs, bankAccounts, creditLimits, files, creditRequests, organisations, users, vouchers, walletConfigs, wallets } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { dayFromNow } from '../test/days.ts';

/**
 * Every id a body or query names is checked against the caller's organisation before it is stored
 * or used: another organisation's id answers 404 naming the field, and nothing is stored.
 */
let s: TestServer;
const token: Record<'globex' | 'atlas' | 'admin', string> = { globex: '', atlas: '', admin: '' };
const id = {
  globex: '',
  initech: '',
  stark: '',
  atlas: '',
  meridian: '',
  globexWallet: '',
  globexOtherWallet: '',
  initechWallet: '',
  initechLedgerCode: '',
  starkWallet: '',
  atlasWallet: '',
  meridianWallet: '',
  starkBank: '',
  meridianBank: '',
  initechUser: '',
};

async function orgId(code: string): Promise<string> {
  const [row] = await s.services.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code));
  if (!row) throw new Error(`no ${code}`);
  return row.id;
}

async function walletOf(scope: ReturnType<typeof eq>, currency: string, skip = 0) {
  const rows = await s.services.db
    .select()
    .from(wallets)
    .where(and(scope, eq(wallets.currencyCode, currency)))
    .orderBy(asc(wallets.id));
  const row = rows[skip];
  if (!row) throw new Error(`no ${currency} wallet`);
  return row;
}

async function bankAccount(ownerId: string): Promise<string> {
  const [row] = await s.services.db
    .insert(bankAccounts)
    .values({
      id: `bank-${ownerId}`,
      ownerId,
      accountHolderName: 'Holder',
      iban: 'GB82WEST12345698765432',
      bankCode: 'WEST',
      currencyCode: 'USD',
      countryCode: 'GB',
    })
    .returning();
  return row?.id ?? '';
}

beforeAll(async () => {
  s = await startTestServer();
  [token.globex, token.atlas, token.admin] = await Promise.all([s.token('100000001'), s.token('200000001'), s.token('900000001')]);
  id.globex = await orgId('GLOBEX');
  id.initech = await orgId('INITECH');
  id.stark = await orgId('STARK');
  id.atlas = await orgId('ATLAS');
  id.meridian = await orgId('MERIDIAN');
  const globexW = await walletOf(eq(wallets.merchantServiceId, id.globex), 'USD');
  id.globexWallet = globexW.id;
  id.globexOtherWallet = (await walletOf(eq(wallets.merchantServiceId, id.globex), 'USD', 1)).id;
  const initechW = await walletOf(eq(wallets.merchantServiceId, id.initech), 'USD');
  id.initechWallet = initechW.id;
  id.initechLedgerCode = initechW.ledgerCode;
  id.starkWallet = (await walletOf(eq(wallets.merchantServiceId, id.stark), 'USD')).id;
  id.atlasWallet = (await walletOf(and(eq(wallets.serviceProviderId, id.atlas), isNull(wallets.merchantServiceId)) as ReturnType<typeof eq>, 'USD')).id;
  id.meridianWallet = (await walletOf(and(eq(wallets.serviceProviderId, id.meridian), isNull(wallets.merchantServiceId)) as ReturnType<typeof eq>, 'USD')).id;
  id.starkBank = await bankAccount(id.stark);
  id.meridianBank = await bankAccount(id.meridian);
  const [initechUser] = await s.services.db.select({ id: users.id }).from(users).where(eq(users.orgId, id.initech));
  id.initechUser = initechUser?.id ?? '';
});
afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

type CallId = keyof typeof contract;
interface Case {
  field: string;
  call: CallId;
  as: keyof typeof token;
  params?: () => Record<string, string>;
  query?: () => Record<string, string>;
  body?: () => object;
}

const usd = () => ({ alias: 'Foreign test', countryCode: 'AE', currencyCode: 'USD' });
const merchantWallet = (over: object) => () => ({
  ...usd(),
  merchantId: id.globex,
  serviceProviderId: id.atlas,
  spWalletId: id.atlasWallet,
  ...over,
});
const creditTerms = () => ({ amount: '100', currency: 'USD', validFrom: dayFromNow(0), validTo: dayFromNow(30) });
const limitTerms = () => ({ currency: 'USD', limit: '100', validFrom: dayFromNow(0), validTo: dayFromNow(30) });
const pair = (ledgerCode: string) => ({ ledgerCode, ledgerCcy: 'USD' });

const cases: Array<[string, Case]> = [
  // A merchant names what belongs to another merchant or another TSP.
  ['merchant wallet for another merchant', { field: 'merchantId', call: 'merchantWallets.create', as: 'globex', body: merchantWallet({ merchantId: '' }) }],
  [
    'merchant wallet at another TSP',
    { field: 'serviceProviderId', call: 'merchantWallets.create', as: 'globex', body: merchantWallet({ serviceProviderId: '' }) },
  ],
  ['merchant wallet on another TSP wallet', { field: 'spWalletId', call: 'merchantWallets.create', as: 'globex', body: merchantWallet({ spWalletId: '' }) }],
  [
    'merchant wallet on another merchant bank account',
    { field: 'bankAccountId', call: 'merchantWallets.create', as: 'globex', body: merchantWallet({ bankAccountId: '' }) },
  ],
  [
    'merchant wallet dipping into another merchant wallet',
    { field: 'dippedWalletId', call: 'merchantWallets.create', as: 'globex', body: merchantWallet({ dippedWalletId: '' }) },
  ],
  [
    'merchant wallet update dipping elsewhere',
    {
      field: 'dippedWalletId',
      call: 'merchantWallets.update',
      as: 'globex',
      params: () => ({ id: id.globexWallet }),
      body: () => ({ dippedWalletId: id.initechWallet }),
    },
  ],
  [
    'accounting config of another merchant wallet',
    {
      field: 'walletId',
      call: 'merchantAccounting.upsert',
      as: 'globex',
      body: () => ({ walletId: id.initechWallet, ledgerCode: id.initechLedgerCode, ledgerCcy: 'USD' }),
    },
  ],
  [
    'accounting config naming another merchant',
    {
      field: 'merchantId',
      call: 'merchantAccounting.upsert',
      as: 'globex',
      body: () => ({ walletId: id.globexWallet, merchantId: id.initech, ledgerCode: id.initechLedgerCode, ledgerCcy: 'USD' }),
    },
  ],
  [
    'accounting config on another merchant ledger account',
    { field: 'ledgerCode', call: 'merchantAccounting.upsert', as: 'globex', body: () => ({ walletId: id.globexWallet, ...pair(id.initechLedgerCode) }) },
  ],
  [
    'accounting config on another TSP pool account',
    {
      field: 'poolAccount.ledgerCode',
      call: 'merchantAccounting.upsert',
      as: 'globex',
      body: () => ({ walletId: id.globexWallet, ...pair('POOL-ATLAS-USD'), poolAccount: pair('POOL-MERIDIAN-USD') }),
    },
  ],
  [
    'credit on another merchant wallet',
    { field: 'walletId', call: 'credit.merchantCreateRequest', as: 'globex', body: () => ({ walletId: id.initechWallet, ...creditTerms() }) },
  ],
  [
    'credit backed by another TSP wallet',
    {
      field: 'tspWalletId',
      call: 'credit.merchantCreateRequest',
      as: 'globex',
      body: () => ({ walletId: id.globexWallet, tspWalletId: id.meridianWallet, ...creditTerms() }),
    },
  ],
  [
    'user in another merchant',
    {
      field: 'parentId',
      call: 'users.merchantCreate',
      as: 'globex',
      body: () => ({ digit9Id: '100000077', name: 'Intruder', password: 'Corridor2026', parentId: id.initech }),
    },
  ],
  [
    'password of another user',
    {
      field: 'userId',
      call: 'users.merchantPasswordChange',
      as: 'globex',
      body: () => ({ userId: id.initechUser, oldPassword: 'Corridor2026', newPassword: 'Stapler2026' }),
    },
  ],
  // A TSP names what belongs to another TSP or to a merchant of another TSP.
  [
    'TSP wallet on another TSP bank account',
    { field: 'bankAccountId', call: 'spWallets.create', as: 'atlas', body: () => ({ ...usd(), accountCategoryId: '300', bankAccountId: id.meridianBank }) },
  ],
  [
    'TSP wallet linked to another TSP wallet',
    {
      field: 'linkedWalletTspId',
      call: 'spWallets.create',
      as: 'atlas',
      body: () => ({ ...usd(), accountCategoryId: '300', linkedWalletTspId: id.meridianWallet }),
    },
  ],
  [
    'TSP wallet dipping into another TSP wallet',
    {
      field: 'dippedWalletId',
      call: 'spWallets.update',
      as: 'atlas',
      params: () => ({ id: id.atlasWallet }),
      body: () => ({ dippedWalletId: id.meridianWallet }),
    },
  ],
  [
    'merchant wallet dipping into another merchant wallet (TSP side)',
    {
      field: 'dippedWalletId',
      call: 'spWallets.updateMerchantWallet',
      as: 'atlas',
      params: () => ({ id: id.globexWallet }),
      body: () => ({ dippedWalletId: id.initechWallet }),
    },
  ],
  [
    'wallet config of another TSP wallet',
    { field: 'walletId', call: 'spWallets.createConfig', as: 'atlas', body: () => ({ walletId: id.meridianWallet, transactionCategory: 'TOPUP' }) },
  ],
  [
    'merchant config naming another TSP merchant wallet',
    {
      field: 'msWalletId',
      call: 'spWallets.createMerchantConfig',
      as: 'atlas',
      body: () => ({ walletId: id.globexWallet, msWalletId: id.starkWallet, transactionCategory: 'TOPUP' }),
    },
  ],
  [
    'accounting config of another TSP wallet',
    { field: 'walletId', call: 'spWallets.upsertAccountingConfig', as: 'atlas', body: () => ({ walletId: id.meridianWallet, ...pair('POOL-MERIDIAN-USD') }) },
  ],
  [
    'accounting config on another TSP pool account (TSP side)',
    {
      field: 'poolAccount.ledgerCode',
      call: 'spWallets.upsertAccountingConfig',
      as: 'atlas',
      body: () => ({ walletId: id.globexWallet, ...pair('POOL-ATLAS-USD'), poolAccount: pair('POOL-MERIDIAN-USD') }),
    },
  ],
  [
    'credit for a merchant of another TSP',
    { field: 'merchantId', call: 'credit.spCreateRequest', as: 'atlas', body: () => ({ merchantId: id.stark, walletId: id.starkWallet, ...creditTerms() }) },
  ],
  [
    'credit on a wallet of another merchant',
    { field: 'walletId', call: 'credit.spCreateRequest', as: 'atlas', body: () => ({ merchantId: id.globex, walletId: id.initechWallet, ...creditTerms() }) },
  ],
  [
    'linked credit on another TSP wallet',
    {
      field: 'tspWalletId',
      call: 'credit.spCreateLinkedRequest',
      as: 'atlas',
      body: () => ({ merchantId: id.globex, walletId: id.globexWallet, tspWalletId: id.meridianWallet, ...creditTerms() }),
    },
  ],
  [
    'credit limit on another TSP wallet',
    { field: 'walletId', call: 'credit.createLimit', as: 'atlas', body: () => ({ walletId: id.meridianWallet, ...limitTerms() }) },
  ],
  [
    'payment out of another TSP wallet',
    {
      field: 'spWalletId',
      call: 'settlements.miscPayment',
      as: 'atlas',
      body: () => ({ spWalletId: id.meridianWallet, fundingPartyId: 'FP-1', purpose: 'Fees', currency: 'USD', amount: '10', direction: 'IN' }),
    },
  ],
  [
    'payment funded by another TSP funding party',
    {
      field: 'fundingPartyId',
      call: 'settlements.miscPayment',
      as: 'atlas',
      body: () => ({ spWalletId: id.atlasWallet, fundingPartyId: 'FP-MERIDIAN-01', purpose: 'Fees', currency: 'USD', amount: '10', direction: 'IN' }),
    },
  ],
  [
    'user in another TSP',
    {
      field: 'parentId',
      call: 'users.spCreate',
      as: 'atlas',
      body: () => ({ digit9Id: '200000077', name: 'Intruder', password: 'Corridor2026', parentId: id.meridian }),
    },
  ],
  ['linked-wallet migration of another TSP', { field: 'tspId', call: 'spWallets.linkedWalletsMigration', as: 'atlas', query: () => ({ tspId: id.meridian }) }],
  // Operations keep a merchant's wallet within the merchant and its own TSP.
  [
    'operations: wallet at a TSP not the merchant own',
    { field: 'serviceProviderId', call: 'internalWallets.createPaymentWallet', as: 'admin', body: merchantWallet({ serviceProviderId: '' }) },
  ],
  [
    'operations: wallet on another TSP wallet',
    { field: 'spWalletId', call: 'internalWallets.createPaymentWallet', as: 'admin', body: merchantWallet({ spWalletId: '' }) },
  ],
  [
    'operations: wallet on another merchant bank account',
    { field: 'bankAccountId', call: 'internalWallets.createSettlementWallet', as: 'admin', body: merchantWallet({ bankAccountId: '' }) },
  ],
  [
    'operations: wallet dipping into another merchant wallet',
    { field: 'dippedWalletId', call: 'internalWallets.createPaymentWallet', as: 'admin', body: merchantWallet({ dippedWalletId: '' }) },
  ],
  [
    'operations: export for a TSP that is not one',
    {
      field: 'tspId',
      call: 'reports.internalTspTransactionStatementExport',
      as: 'admin',
      body: () => ({ reportName: 'x', fromDate: dayFromNow(-30), toDate: dayFromNow(0), tspId: id.globex }),
    },
  ],
  [
    'operations: export for a merchant that is not one',
    {
      field: 'merchantId',
      call: 'reports.internalMerchantTransactionStatementExport',
      as: 'admin',
      body: () => ({ reportName: 'x', fromDate: dayFromNow(-30), toDate: dayFromNow(0), merchantId: id.atlas }),
    },
  ],
  [
    'operations: TSP limit on another TSP wallet',
    {
      field: 'walletId',
      call: 'credit.internalCreateLimit',
      as: 'admin',
      query: () => ({ tspId: id.atlas }),
      body: () => ({ walletId: id.meridianWallet, ...limitTerms() }),
    },
  ],
];

/** Empty strings in the merchant-wallet bodies stand for "the foreign id of this field". */
function foreignFor(field: string): string {
  const map: Record<string, string> = {
    merchantId: id.stark,
    serviceProviderId: id.meridian,
    spWalletId: id.meridianWallet,
    bankAccountId: id.starkBank,
    dippedWalletId: id.initechWallet,
  };
  return map[field] ?? '';
}

async function stored() {
  const db = s.services.db;
  return JSON.stringify({
    wallets: await db.select({ id: wallets.id, dipped: wallets.dippedWalletId, alias: wallets.alias }).from(wallets).orderBy(asc(wallets.id)),
    accounting: await db
      .select({ id: accountingConfigs.id, code: accountingConfigs.ledgerCode, accounts: accountingConfigs.accounts })
      .from(accountingConfigs)
      .orderBy(asc(accountingConfigs.id)),
    walletConfigs: await db.select({ id: walletConfigs.id }).from(walletConfigs),
    requests: await db.select({ id: creditRequests.id }).from(creditRequests),
    limits: await db.select({ id: creditLimits.id }).from(creditLimits),
    vouchers: await db.select({ id: vouchers.id }).from(vouchers),
    users: await db.select({ id: users.id, hash: users.passwordHash }).from(users).orderBy(asc(users.id)),
    files: await db.select({ id: files.id }).from(files),
  });
}

describe('foreign ids in bodies and queries', () => {
  it.each(cases)('%s: 404 naming the field, nothing stored', async (_name, c) => {
    const def = contract[c.call];
    const params = c.params?.() ?? {};
    const path = def.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, p: string) => params[p] ?? '');
    const query = c.query ? `?${new URLSearchParams(c.query()).toString()}` : '';
    const raw = c.body?.() as Record<string, unknown> | undefined;
    const body = raw ? Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === '' ? foreignFor(k) : v])) : undefined;
    const before = await stored();
    const res = await s.app.inject({
      method: def.method,
      url: `${path}${query}`,
      headers: { authorization: `Bearer ${token[c.as]}` },
      ...(body ? { payload: body } : {}),
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', invalidParameters: [{ parameter: c.field }] });
    expect(await stored()).toBe(before);
  });

  it('still accepts the caller own ids', async () => {
    const res = await s.app.inject({
      method: contract['merchantWallets.update'].method,
      url: contract['merchantWallets.update'].path.replace('{id}', id.globexWallet),
      headers: { authorization: `Bearer ${token.globex}` },
      payload: { dippedWalletId: id.globexOtherWallet },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ownLedger = await s.app.inject({
      method: 'POST',
      url: contract['merchantAccounting.upsert'].path,
      headers: { authorization: `Bearer ${token.globex}` },
      payload: { walletId: id.globexWallet, ...pair('POOL-ATLAS-USD'), poolAccount: pair('POOL-ATLAS-USD') },
    });
    expect(ownLedger.statusCode, ownLedger.body).toBe(200);
  });
});
