import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { NotificationItem } from '@corridor/api';
import { users, wallets } from '../db/schema.ts';
import { SIGNATURE_HEADER, signCallback } from '../payout/bank-signature.ts';
import { noticeExpiredDraftQuotes } from '../payments/draft-quote-expiry.ts';
import { quotes } from '../quotes/quote-schema.ts';
import { callAs, creditByOperations, globexAtlasWallets, orgIdsByCode, usdAedQuote } from '../test/pricing-fixtures.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { notify } from './notification-service.ts';

/*
 * The signed-in user's notifications: produced where the events happen (approvals waiting, decisions,
 * failures, the bank's incoming credits), read state per user, only the caller's organisation's and
 * their own, newest first by cursor.
 */

let s: TestServer;
let omar: string; // Globex (merchant of Atlas)
let rahul: string; // Globex, a colleague of Omar
let hannah: string; // Stark (merchant of Meridian)
let amira: string; // Atlas
let karim: string; // Atlas, a colleague of Amira
let oliver: string; // Meridian
let ops: string;
let orgs: Map<string, string>;
let omarId: string;
let globexUsd: string;

const N = '/users/me/notifications';
type Page = { content: NotificationItem[]; totalElements: number; nextCursor?: string };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) => callAs(s, method, url, token, payload);
const list = async (token: string, query = ''): Promise<Page> => {
  const res = await s.get(`${N}?size=100${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};
const unread = async (token: string): Promise<number> => {
  const res = await s.get(`${N}/unread-count`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { unread: number }).unread;
};
const find = async (token: string, kind: string, subjectId?: string) =>
  (await list(token)).content.find((n) => n.kind === kind && (subjectId === undefined || n.subjectId === subjectId));

beforeAll(async () => {
  s = await startTestServer();
  const tokens = await Promise.all(['100000001', '100000011', '100000004', '200000001', '200000011', '200000002', '900000001'].map((id) => s.token(id)));
  [omar, rahul, hannah, amira, karim, oliver, ops] = tokens as [string, string, string, string, string, string, string];
  orgs = await orgIdsByCode(s.services.db);
  const [u] = await s.services.db.select({ id: users.id }).from(users).where(eq(users.digit9Id, '100000001'));
  omarId = u?.id ?? '';
  const [w] = await s.services.db
    .select({ id: wallets.id })
    .from(wallets)
    .where(
      and(eq(wallets.merchantServiceId, orgs.get('GLOBEX') ?? ''), eq(wallets.serviceProviderId, orgs.get('ATLAS') ?? ''), eq(wallets.currencyCode, 'USD')),
    )
    .orderBy(asc(wallets.id))
    .limit(1);
  globexUsd = w?.id ?? '';
}, 120_000);
afterAll(async () => {
  await s?.close();
});

describe('the demo', () => {
  it('gives both roles notifications worth opening: waiting approvals for the TSP, failures and decisions for the merchant', async () => {
    const atlas = await list(amira);
    expect(atlas.content.map((n) => n.kind)).toEqual(
      expect.arrayContaining(['TOP_UP_AWAITING_APPROVAL', 'TRANSFER_AWAITING_APPROVAL', 'PAYMENT_FAILED', 'CREDIT_REQUEST_AWAITING_DECISION', 'BANK_CREDIT']),
    );
    const globex = await list(omar);
    expect(globex.content.map((n) => n.kind)).toEqual(
      expect.arrayContaining(['PAYMENT_FAILED', 'PAYMENT_REJECTED', 'TRANSACTION_REJECTED', 'TRANSACTION_APPROVED', 'CREDIT_APPROVED']),
    );
    // Some already read by the first demo user, the rest not.
    expect(globex.content.some((n) => n.read)).toBe(true);
    expect(globex.content.some((n) => !n.read)).toBe(true);
    const failed = globex.content.find((n) => n.kind === 'PAYMENT_FAILED');
    expect(failed?.message).toMatch(/^Payment .+ failed: Beneficiary account closed$/);
  });
});

describe('read state', () => {
  it('is each user’s own: one marking a notification read leaves it unread for a colleague; again changes nothing', async () => {
    const target = (await list(omar, '&unread=true')).content[0];
    if (!target) throw new Error('Omar has no unread notification');
    const [mine, theirs] = [await unread(omar), await unread(rahul)];
    const first = await call('PUT', `${N}/${target.id}/read`, omar);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: target.id, read: true });
    expect(await unread(omar)).toBe(mine - 1);
    expect(await unread(rahul)).toBe(theirs);
    expect((await list(rahul)).content.find((n) => n.id === target.id)?.read).toBe(false);
    const again = await call('PUT', `${N}/${target.id}/read`, omar);
    expect(again.json().readAt).toBe(first.json().readAt);
    expect(await unread(omar)).toBe(mine - 1);
    expect((await list(omar, '&unread=true')).content.some((n) => n.id === target.id)).toBe(false);
  });

  it('marks all read for the caller alone, and again marks none', async () => {
    const before = await unread(karim);
    const amiraBefore = await unread(amira);
    expect(before).toBeGreaterThan(0);
    const all = await call('PUT', `${N}/read`, karim);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ marked: before, unread: 0 });
    expect(await unread(karim)).toBe(0);
    expect(await unread(amira)).toBe(amiraBefore);
    expect((await call('PUT', `${N}/read`, karim)).json()).toEqual({ marked: 0, unread: 0 });
  });
});

describe('trust', () => {
  it('shows only the caller’s organisation’s notifications and their own; another’s is a 404 naming id', async () => {
    const omars = await list(omar);
    const hannahs = await list(hannah);
    const ids = new Set(omars.content.map((n) => n.id));
    expect(hannahs.content.some((n) => ids.has(n.id))).toBe(false);
    const other = omars.content[0];
    if (!other) throw new Error('no notification');
    for (const token of [hannah, amira, ops]) {
      const res = await call('PUT', `${N}/${other.id}/read`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', invalidParameters: [{ parameter: 'id' }] });
    }
    expect((await list(ops)).content).toEqual([]);
    expect((await s.get(`${N}/unread-count`)).statusCode).toBe(401);
  });

  it('keeps a notification addressed to one user from their colleagues', async () => {
    const now = s.config.now();
    await notify(
      s.services.db,
      {
        orgId: orgs.get('GLOBEX') ?? '',
        userId: omarId,
        kind: 'DRAFT_QUOTE_EXPIRED',
        subjectType: 'PAYMENT',
        subjectId: 'PAY-PERSONAL',
        params: { reference: 'PAY-PERSONAL' },
      },
      now,
    );
    expect((await find(omar, 'DRAFT_QUOTE_EXPIRED', 'PAY-PERSONAL'))?.personal).toBe(true);
    expect(await find(rahul, 'DRAFT_QUOTE_EXPIRED', 'PAY-PERSONAL')).toBeUndefined();
    const mine = await find(omar, 'DRAFT_QUOTE_EXPIRED', 'PAY-PERSONAL');
    expect((await call('PUT', `${N}/${mine?.id}/read`, rahul)).statusCode).toBe(404);
  });
});

describe('paging', () => {
  it('walks every notification newest first by cursor, none twice, whatever arrives meanwhile', async () => {
    const all = await list(amira);
    expect(all.content.length).toBeGreaterThan(3);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await s.get(`${N}?size=2${cursor ? `&cursor=${cursor}` : ''}`, amira);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as Page;
      expect(page.totalElements).toBeGreaterThanOrEqual(all.totalElements);
      seen.push(...page.content.map((n) => n.id));
      cursor = page.nextCursor;
      // A notification arriving while paging sorts first: it never shifts the pages after the cursor.
      if (pages === 0)
        await notify(
          s.services.db,
          { orgId: orgs.get('ATLAS') ?? '', kind: 'PARTNER_STATUS_CHANGED', subjectType: 'PARTNER', subjectId: 'P-NEW' },
          s.config.now(),
        );
      pages += 1;
    } while (cursor && pages < 100);
    expect(seen).toEqual(all.content.map((n) => n.id));
    const times = all.content.map((n) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses a cursor it did not give, and a page size out of range, naming the field', async () => {
    const bad = await s.get(`${N}?cursor=bm90LWEtY3Vyc29y`, amira);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().invalidParameters[0].parameter).toBe('cursor');
    const big = await s.get(`${N}?size=1000`, amira);
    expect(big.statusCode).toBe(400);
    expect(big.json().invalidParameters[0].parameter).toBe('size');
  });
});

describe('events', () => {
  it('a top-up waits for its TSP’s approval; its rejection tells the merchant why', async () => {
    const created = await call('POST', '/v2/merchant/transactions', omar, {
      category: 'TOPUP',
      type: 'BANK_TRANSFER',
      targetWalletId: globexUsd,
      targetAmount: { amount: '321', currency: 'USD' },
      collectionMode: 'BANK',
    });
    expect(created.statusCode, created.body).toBe(201);
    const ref = (created.json() as { transactionId: string }).transactionId;
    const waiting = await find(amira, 'TOP_UP_AWAITING_APPROVAL', ref);
    expect(waiting).toMatchObject({ subjectType: 'TOP_UP', params: { reference: ref, amount: '321', currency: 'USD' }, read: false });
    expect(await find(oliver, 'TOP_UP_AWAITING_APPROVAL', ref)).toBeUndefined();
    const before = await unread(omar);
    const rejected = await call('PUT', `/v2/sp/transactions/${ref}/source-approval`, amira, { status: 'REJECTED', remarks: 'No matching credit' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await find(omar, 'TRANSACTION_REJECTED', ref)).toMatchObject({ params: { reason: 'No matching credit' }, read: false });
    expect(await unread(omar)).toBe(before + 1);
    expect(await find(hannah, 'TRANSACTION_REJECTED', ref)).toBeUndefined();
  });

  it('a transfer waits for its source TSP, then its target TSP, and its completion tells the merchant: each once, in the step that causes it', async () => {
    const { usd, aed } = await globexAtlasWallets(s.services.db, orgs);
    await creditByOperations(s, ops, usd, '100');
    const quote = await usdAedQuote(s, omar, usd, '25');
    const created = await call('POST', '/v2/merchant/transactions', omar, {
      category: 'TRANSFER',
      type: 'FX_DEAL',
      quoteId: quote.quoteId ?? quote.id,
      sourceWalletId: usd,
      targetWalletId: aed,
    });
    expect(created.statusCode, created.body).toBe(201);
    const ref = (created.json() as { transactionId: string }).transactionId;
    const told = async (token: string, kind: string) => (await list(token)).content.filter((n) => n.kind === kind && n.subjectId === ref);
    expect(await told(amira, 'TRANSFER_AWAITING_APPROVAL')).toEqual([
      expect.objectContaining({ subjectType: 'TRANSFER', params: expect.objectContaining({ reference: ref, amount: '25', currency: 'USD', side: 'SOURCE' }) }),
    ]);
    expect(await told(omar, 'TRANSFER_AWAITING_APPROVAL')).toEqual([]);

    const source = await call('PUT', `/v2/sp/transactions/${ref}/source-approval`, amira, { status: 'APPROVED' });
    expect(source.statusCode, source.body).toBe(200);
    const waiting = await told(karim, 'TRANSFER_AWAITING_APPROVAL');
    expect(waiting.map((n) => n.params.side).sort()).toEqual(['SOURCE', 'TARGET']);
    expect(await told(omar, 'TRANSACTION_APPROVED')).toEqual([]);

    const target = await call('PUT', `/v2/sp/transactions/${ref}/target-approval`, karim, { status: 'APPROVED' });
    expect(target.statusCode, target.body).toBe(200);
    expect((target.json() as { status: string }).status).toBe('COMPLETED');
    expect(await told(omar, 'TRANSACTION_APPROVED')).toEqual([
      expect.objectContaining({ subjectType: 'TRANSFER', params: { reference: ref, amount: '25', currency: 'USD' }, read: false }),
    ]);
    expect(await told(hannah, 'TRANSACTION_APPROVED')).toEqual([]);
    expect(await told(karim, 'TRANSFER_AWAITING_APPROVAL')).toHaveLength(2);
  });

  it('a credit request waits for the TSP; its decision is told to the merchant', async () => {
    const created = await call('POST', '/v1/merchant/wallets/credit-request', omar, {
      walletId: globexUsd,
      amount: '5000',
      currency: 'USD',
      validFrom: '2026-12-01',
      validTo: '2027-03-01',
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json() as { id: string; transactionId: string };
    expect(await find(amira, 'CREDIT_REQUEST_AWAITING_DECISION', request.transactionId)).toBeDefined();
    const decided = await call('PUT', `/sp/v1/merchant/wallets/credit-request/${request.id}`, amira, { status: 'REJECTED', remarks: 'Turnover too low' });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await find(omar, 'CREDIT_REJECTED', request.transactionId)).toMatchObject({ params: { reason: 'Turnover too low' } });
  });

  it('a partner record moving status tells its TSP', async () => {
    const created = await call('POST', '/v1/partners/on-boarding', amira, {
      partnerType: 'MERCHANT',
      businessType: 'Trading',
      countryOfRegistration: 'GB',
      tradingName: 'Notified Partner Ltd',
      registeredBusinessAddress: '1 High St',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    const moved = await call('PUT', `/v1/partners/on-boarding/${id}`, amira, { partnerStatus: 'PARTNER_ONBOARDING' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await find(karim, 'PARTNER_STATUS_CHANGED', id)).toMatchObject({ params: { name: 'Notified Partner Ltd', from: 'NEW', to: 'PARTNER_ONBOARDING' } });
    expect(await find(oliver, 'PARTNER_STATUS_CHANGED', id)).toBeUndefined();
  });

  it('a draft whose quote expired tells its maker once, however often the sweep runs', async () => {
    const q = await usdAedQuote(s, omar, globexUsd, '1000');
    const quoteId = (q.quoteId ?? q.id) as string;
    const drafted = await call('POST', '/m/api/v1/transactions/payments/draft', omar, {
      walletId: globexUsd,
      sendAmount: '1000',
      receiveCurrency: 'AED',
      quoteId,
      receiver: { name: 'Acme Supplies LLC', countryCode: 'AE', accountNumber: 'AE070331234567890123456' },
      message: 'Invoice 77',
    });
    expect(drafted.statusCode, drafted.body).toBe(201);
    const draft = drafted.json() as { paymentId: string };
    expect(await noticeExpiredDraftQuotes(s.services.db, s.config.now())).toBe(0);
    await s.services.db
      .update(quotes)
      .set({ expireAt: new Date(s.config.now().getTime() - 60_000) })
      .where(eq(quotes.id, quoteId));
    expect(await noticeExpiredDraftQuotes(s.services.db, s.config.now())).toBeGreaterThan(0);
    await noticeExpiredDraftQuotes(s.services.db, s.config.now());
    const told = (await list(omar)).content.filter((n) => n.kind === 'DRAFT_QUOTE_EXPIRED' && n.subjectId === draft.paymentId);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ personal: true, read: false, params: { reference: draft.paymentId, amount: '1000.00', currency: 'USD' } });
    expect((await list(rahul)).content.some((n) => n.subjectId === draft.paymentId)).toBe(false);
  });
});

describe("the bank's incoming notifications", () => {
  const send = (url: string, body: unknown) => {
    const raw = JSON.stringify(body);
    const signature = signCallback(s.config.bank.callbackSecret, raw, s.config.now());
    return s.app.inject({ method: 'POST', url, payload: raw, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature } });
  };

  it('an ICN or IDN on a merchant wallet appears for the wallet’s TSP, once per message', async () => {
    const credit = { messageId: 'NOTIF-ICN-1', walletId: globexUsd, amount: '75.25', currency: 'USD', remitterName: 'Globex treasury' };
    expect((await send('/api/dbs/v1/notification/icn', credit)).json()).toMatchObject({ status: 'APPLIED' });
    expect((await send('/api/dbs/v1/notification/icn', credit)).json()).toMatchObject({ status: 'DUPLICATE' });
    const told = (await list(amira)).content.filter((n) => n.kind === 'BANK_CREDIT' && n.params.reference === 'NOTIF-ICN-1');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ subjectType: 'WALLET', subjectId: globexUsd, params: { amount: '75.25', currency: 'USD', remitter: 'Globex treasury' } });
    expect(told[0]?.message).toMatch(/^The bank credited 75.25 USD to wallet /);
    const debit = { messageId: 'NOTIF-IDN-1', walletId: globexUsd, amount: '5', currency: 'USD' };
    expect((await send('/api/dbs/v1/notification/idn', debit)).statusCode).toBe(200);
    expect((await list(amira)).content.some((n) => n.kind === 'BANK_DEBIT' && n.params.reference === 'NOTIF-IDN-1')).toBe(true);
    expect((await list(oliver)).content.some((n) => n.params.reference === 'NOTIF-ICN-1')).toBe(false);
    expect((await list(omar)).content.some((n) => n.params.reference === 'NOTIF-ICN-1')).toBe(false);
  });
});
