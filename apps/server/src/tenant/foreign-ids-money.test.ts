import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { contract } from '@corridor/api';
import { organisations, vouchers, wallets } from '../db/schema.ts';
import { beneficiaries } from '../beneficiaries/beneficiary-schema.ts';
import { paymentCancellations, paymentEvents, payments, payoutOutbox } from '../payments/payment-schema.ts';
import { fundingParties } from '../pricing-config/pricing-config-schema.ts';
import { quotes } from '../quotes/quote-schema.ts';
import { transactionCancellations, transactionComments, transactionEvents, transactionsV2 } from '../transactions/transaction-schema.ts';
import { startTestServer, type TestServer } from '../test/test-server.ts';
import { expectLedgerConsistent } from '../test/ledger-invariants.ts';
import { dayFromNow } from '../test/days.ts';

/**
 * The money calls (payments, payouts, beneficiaries, transactions, quotes) hold every id a body, query or
 * path names to the caller's organisation. Globex and Initech are merchants of Atlas, Stark a merchant of
 * Meridian: an id of the other side answers 404 naming the field, and nothing is written.
 */
let s: TestServer;
const token = { globex: '', stark: '', atlas: '', meridian: '' };
const id = {
  stark: '',
  globexUsd: '',
  globexAed: '',
  initechUsd: '',
  starkUsd: '',
  atlasOwnUsd: '',
  starkBeneficiary: '',
  starkPayment: '',
  starkTransaction: '',
  starkCancellation: '',
  starkComment: '',
  globexTransaction: '',
  globexQuote: '',
  starkQuote: '',
  atlasFundingParty: '',
  meridianFundingParty: '',
};

type CallId = keyof typeof contract;

async function send(call: CallId, as: keyof typeof token, opts: { params?: Record<string, string>; query?: string; body?: object } = {}) {
  const def = contract[call];
  const path = def.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, p: string) => encodeURIComponent(opts.params?.[p] ?? ''));
  return s.app.inject({
    method: def.method,
    url: opts.query ? `${path}?${opts.query}` : path,
    headers: { authorization: `Bearer ${token[as]}` },
    ...(opts.body ? { payload: opts.body } : {}),
  });
}

async function created(call: CallId, as: keyof typeof token, opts: Parameters<typeof send>[2]): Promise<Record<string, unknown>> {
  const res = await send(call, as, opts);
  expect(res.statusCode, `${call}: ${res.body}`).toBeLessThan(300);
  return res.json() as Record<string, unknown>;
}

async function orgId(code: string): Promise<string> {
  const [row] = await s.services.db.select({ id: organisations.id }).from(organisations).where(eq(organisations.code, code));
  if (!row) throw new Error(`no ${code}`);
  return row.id;
}

async function walletOf(where: ReturnType<typeof and>, currency: string): Promise<string> {
  const [row] = await s.services.db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(where, eq(wallets.currencyCode, currency), eq(wallets.status, 'ACTIVE')))
    .orderBy(asc(wallets.id))
    .limit(1);
  if (!row) throw new Error(`no ${currency} wallet`);
  return row.id;
}

const receiver = { name: 'Acme Supplies LLC', countryCode: 'AE', accountNumber: '0331234567890123456' };
const usdPayment = (walletId: string, over: object = {}) => ({ walletId, sendAmount: '10', receiver, ...over });
const topUp = (walletId: string, over: object = {}) => ({
  category: 'TOPUP',
  type: 'BANK_TRANSFER',
  targetWalletId: walletId,
  targetAmount: { amount: '10', currency: 'USD' },
  ...over,
});

beforeAll(async () => {
  s = await startTestServer();
  [token.globex, token.stark, token.atlas, token.meridian] = await Promise.all([
    s.token('100000001'),
    s.token('100000004'),
    s.token('200000001'),
    s.token('200000002'),
  ]);
  const [globex, initech, stark, atlas, meridian] = await Promise.all(['GLOBEX', 'INITECH', 'STARK', 'ATLAS', 'MERIDIAN'].map(orgId));
  id.stark = stark as string;
  id.globexUsd = await walletOf(and(eq(wallets.merchantServiceId, globex as string), eq(wallets.serviceProviderId, atlas as string)), 'USD');
  id.globexAed = await walletOf(and(eq(wallets.merchantServiceId, globex as string), eq(wallets.serviceProviderId, atlas as string)), 'AED');
  id.initechUsd = await walletOf(eq(wallets.merchantServiceId, initech as string), 'USD');
  id.starkUsd = await walletOf(eq(wallets.merchantServiceId, stark as string), 'USD');
  id.atlasOwnUsd = await walletOf(and(eq(wallets.serviceProviderId, atlas as string), isNull(wallets.merchantServiceId)), 'USD');
  const party = async (tsp: string) =>
    (await s.services.db.select({ id: fundingParties.id }).from(fundingParties).where(eq(fundingParties.serviceProviderId, tsp)).limit(1))[0]?.id ?? '';
  id.atlasFundingParty = await party(atlas as string);
  id.meridianFundingParty = await party(meridian as string);

  // What Stark and Meridian hold: a beneficiary, a draft payment, a top-up with a cancellation request and a comment.
  id.starkBeneficiary = String(
    (
      await created('beneficiaries.create', 'stark', {
        body: { type: 'BUSINESS', name: 'Stark supplier', countryCode: 'AE', currencyCode: 'AED', iban: 'AE070331234567890123456' },
      })
    ).id,
  );
  id.starkPayment = String((await created('merchantPayments.createDraft', 'stark', { body: usdPayment(id.starkUsd) })).paymentId);
  id.starkTransaction = String((await created('merchantTransactions.create', 'stark', { body: topUp(id.starkUsd) })).transactionId);
  id.starkCancellation = String(
    (
      await created('cancellations.merchantCancel', 'stark', {
        body: { mainTransactionId: id.starkTransaction, reason: 'Sent twice', cancellationDate: dayFromNow(0) },
      })
    ).cancellationId,
  );
  id.starkComment = String(
    (await created('spTransactions.comment', 'meridian', { params: { transactionId: id.starkTransaction }, body: { content: 'Checking' } })).id,
  );
  id.globexTransaction = String((await created('merchantTransactions.create', 'globex', { body: topUp(id.globexUsd) })).transactionId);
  const quote = await created('quotes.merchantCreate', 'globex', {
    body: {
      transactionCategory: 'PAYOUT',
      dealType: 'SPOT',
      sourceWalletId: id.globexUsd,
      sendAmount: { amount: '100', currency: 'USD' },
      targetCurrency: 'AED',
    },
  });
  id.globexQuote = String(quote.quoteId ?? quote.id);
  // Stark's quote: Globex's, as if Stark had asked it on its own wallet at Meridian.
  const [row] = await s.services.db.select().from(quotes).where(eq(quotes.id, id.globexQuote));
  if (!row) throw new Error('no quote');
  id.starkQuote = `${row.id}-stark`;
  await s.services.db
    .insert(quotes)
    .values({ ...row, id: id.starkQuote, merchantId: stark as string, serviceProviderId: meridian as string, sourceWalletId: id.starkUsd });
}, 120_000);

afterAll(async () => {
  if (s) await expectLedgerConsistent(s.services.db);
  await s?.close();
});

interface Case {
  field: string;
  call: CallId;
  as: keyof typeof token;
  params?: () => Record<string, string>;
  query?: () => string;
  body?: () => object;
}

const cases: Record<string, Array<[string, Case]>> = {
  payments: [
    ['payment out of another TSP merchant wallet', { field: 'walletId', call: 'merchantPayments.create', as: 'globex', body: () => usdPayment(id.starkUsd) }],
    [
      'payment to another merchant beneficiary',
      { field: 'beneficiaryId', call: 'merchantPayments.create', as: 'globex', body: () => usdPayment(id.globexUsd, { beneficiaryId: id.starkBeneficiary }) },
    ],
    [
      'payment on another merchant quote',
      {
        field: 'quoteId',
        call: 'merchantPayments.create',
        as: 'globex',
        body: () => ({ walletId: id.globexUsd, quoteId: id.starkQuote, receiveCurrency: 'AED', sendAmount: '100', receiver }),
      },
    ],
    [
      'payment through a correspondent that does not exist',
      { field: 'correspondentId', call: 'merchantPayments.create', as: 'globex', body: () => usdPayment(id.globexUsd, { correspondentId: 'COR-NONE' }) },
    ],
    [
      'payment by a delivery mode that does not exist',
      { field: 'deliveryModeId', call: 'merchantPayments.createDraft', as: 'globex', body: () => usdPayment(id.globexUsd, { deliveryModeId: 'TELEPORT' }) },
    ],
    ['TSP payment out of another TSP merchant wallet', { field: 'walletId', call: 'spPayments.create', as: 'atlas', body: () => usdPayment(id.starkUsd) }],
    [
      'rejecting another merchant payment',
      { field: 'paymentIds', call: 'merchantPayments.reject', as: 'globex', body: () => ({ paymentIds: [id.starkPayment] }) },
    ],
    [
      'renewing another merchant payment',
      { field: 'paymentIds', call: 'merchantPayments.renew', as: 'globex', body: () => ({ paymentIds: [id.starkPayment] }) },
    ],
    [
      'cancelling another merchant payment',
      { field: 'transactionId', call: 'merchantPayments.cancel', as: 'globex', body: () => ({ transactionId: id.starkPayment, reason: 'Mine now' }) },
    ],
    ['retrying another merchant payment', { field: 'paymentId', call: 'merchantPayments.retry', as: 'globex', query: () => `paymentId=${id.starkPayment}` }],
    [
      'initiating another merchant draft named in the query',
      {
        field: 'paymentId',
        call: 'merchantPayments.processDraft',
        as: 'globex',
        params: () => ({ id: id.starkPayment }),
        query: () => `paymentId=${id.starkPayment}`,
      },
    ],
    ['initiating another merchant draft', { field: 'id', call: 'merchantPayments.processDraft', as: 'globex', params: () => ({ id: id.starkPayment }) }],
    [
      'TSP approving another TSP payment',
      { field: 'paymentIds', call: 'spPayments.update', as: 'atlas', body: () => ({ paymentIds: [id.starkPayment], status: 'REJECTED', reason: 'No' }) },
    ],
    ['TSP processing another TSP payment', { field: 'id', call: 'spPayments.processOne', as: 'atlas', params: () => ({ id: id.starkPayment }) }],
    [
      'TSP bulk-processing another TSP payment',
      { field: 'paymentIds', call: 'spPayments.processPending', as: 'atlas', query: () => `paymentIds=${id.starkPayment}` },
    ],
    [
      'TSP cancelling another TSP payment',
      { field: 'transactionId', call: 'spPayments.cancel', as: 'atlas', body: () => ({ transactionId: id.starkPayment, reason: 'Mine now' }) },
    ],
  ],
  payouts: [
    [
      'TSP pushing another TSP payment to the bank',
      { field: 'paymentId', call: 'spPayments.repush', as: 'atlas', params: () => ({ paymentId: id.starkPayment }) },
    ],
  ],
  beneficiaries: [
    ['reading another merchant beneficiary', { field: 'id', call: 'beneficiaries.get', as: 'globex', params: () => ({ id: id.starkBeneficiary }) }],
    ['TSP reading another TSP merchant beneficiary', { field: 'id', call: 'beneficiaries.spGet', as: 'atlas', params: () => ({ id: id.starkBeneficiary }) }],
    [
      'TSP listing the beneficiaries of another TSP merchant',
      { field: 'merchantServiceId', call: 'beneficiaries.spList', as: 'atlas', query: () => `merchantServiceId=${id.stark}` },
    ],
  ],
  transactions: [
    ['top-up of another TSP merchant wallet', { field: 'targetWalletId', call: 'merchantTransactions.create', as: 'globex', body: () => topUp(id.starkUsd) }],
    [
      'top-up funded by another TSP funding party',
      {
        field: 'fundingPartyId',
        call: 'spTransactions.create',
        as: 'atlas',
        body: () => topUp(id.globexUsd, { fundingPartyId: id.meridianFundingParty }),
      },
    ],
    [
      'top-up through a correspondent that does not exist',
      { field: 'correspondentId', call: 'merchantTransactions.create', as: 'globex', body: () => topUp(id.globexUsd, { correspondentId: 'COR-NONE' }) },
    ],
    [
      'transfer out of another TSP merchant wallet',
      {
        field: 'sourceWalletId',
        call: 'merchantTransactions.create',
        as: 'globex',
        body: () => ({ category: 'TRANSFER', type: 'FX_DEAL', quoteId: id.globexQuote, sourceWalletId: id.starkUsd, targetWalletId: id.globexAed }),
      },
    ],
    [
      'transfer into another merchant wallet of the same TSP',
      {
        field: 'targetWalletId',
        call: 'merchantTransactions.create',
        as: 'globex',
        body: () => ({ category: 'TRANSFER', type: 'FX_DEAL', quoteId: id.globexQuote, sourceWalletId: id.globexUsd, targetWalletId: id.initechUsd }),
      },
    ],
    [
      'transfer on another merchant quote',
      {
        field: 'quoteId',
        call: 'merchantTransactions.create',
        as: 'globex',
        body: () => ({ category: 'TRANSFER', type: 'FX_DEAL', quoteId: id.starkQuote, sourceWalletId: id.globexUsd, targetWalletId: id.globexAed }),
      },
    ],
    [
      'TSP approving another TSP transaction',
      {
        field: 'transactionId',
        call: 'spTransactions.sourceApproval',
        as: 'atlas',
        params: () => ({ transactionId: id.starkTransaction }),
        body: () => ({ status: 'APPROVED' }),
      },
    ],
    [
      'TSP commenting on another TSP transaction',
      {
        field: 'transactionId',
        call: 'spMerchantTransactions.comment',
        as: 'atlas',
        params: () => ({ transactionId: id.starkTransaction }),
        body: () => ({ content: 'Hello' }),
      },
    ],
    [
      'TSP editing another TSP comment through its own transaction',
      {
        field: 'commentId',
        call: 'spTransactions.comment',
        as: 'atlas',
        params: () => ({ transactionId: id.globexTransaction }),
        body: () => ({ commentId: id.starkComment, deleted: true }),
      },
    ],
    [
      'TSP editing another TSP transaction details',
      {
        field: 'transactionId',
        call: 'spTransactions.updateDetails',
        as: 'atlas',
        params: () => ({ transactionId: id.starkTransaction }),
        body: () => ({ remarks: 'Changed' }),
      },
    ],
    [
      'cancellation of another merchant transaction',
      {
        field: 'mainTransactionId',
        call: 'cancellations.merchantCancel',
        as: 'globex',
        body: () => ({ mainTransactionId: id.starkTransaction, reason: 'Mine now', cancellationDate: dayFromNow(0) }),
      },
    ],
    [
      'TSP deciding another TSP cancellation',
      { field: 'cancellationId', call: 'cancellations.spApprove', as: 'atlas', body: () => ({ cancellationId: id.starkCancellation, status: 'APPROVED' }) },
    ],
  ],
  quotes: [
    [
      'TSP quote from its own wallet for another TSP merchant',
      {
        field: 'merchantId',
        call: 'quotes.tspCreate',
        as: 'atlas',
        body: () => ({
          transactionCategory: 'PAYOUT',
          dealType: 'SPOT',
          sourceWalletId: id.atlasOwnUsd,
          merchantId: id.stark,
          sendAmount: { amount: '100', currency: 'USD' },
          targetCurrency: 'AED',
        }),
      },
    ],
  ],
};

/** Everything a refused call could have written, ids and states. */
async function stored(): Promise<string> {
  const db = s.services.db;
  return JSON.stringify({
    payments: await db.select({ id: payments.id, status: payments.status }).from(payments).orderBy(asc(payments.id)),
    paymentEvents: await db.select({ id: paymentEvents.id }).from(paymentEvents).orderBy(asc(paymentEvents.id)),
    paymentCancellations: await db.select({ id: paymentCancellations.id }).from(paymentCancellations).orderBy(asc(paymentCancellations.id)),
    outbox: await db.select({ id: payoutOutbox.id }).from(payoutOutbox).orderBy(asc(payoutOutbox.id)),
    transactions: await db
      .select({ id: transactionsV2.id, status: transactionsV2.status, remarks: transactionsV2.remarks })
      .from(transactionsV2)
      .orderBy(asc(transactionsV2.id)),
    transactionEvents: await db.select({ id: transactionEvents.id }).from(transactionEvents).orderBy(asc(transactionEvents.id)),
    comments: await db
      .select({ id: transactionComments.id, content: transactionComments.content, deleted: transactionComments.deletedAt })
      .from(transactionComments)
      .orderBy(asc(transactionComments.id)),
    cancellations: await db
      .select({ id: transactionCancellations.id, status: transactionCancellations.status })
      .from(transactionCancellations)
      .orderBy(asc(transactionCancellations.id)),
    beneficiaries: await db.select({ id: beneficiaries.id }).from(beneficiaries).orderBy(asc(beneficiaries.id)),
    quotes: await db.select({ id: quotes.id }).from(quotes).orderBy(asc(quotes.id)),
    vouchers: await db.select({ id: vouchers.id }).from(vouchers).orderBy(asc(vouchers.id)),
  });
}

for (const [area, list] of Object.entries(cases)) {
  describe(`foreign ids on the ${area} calls`, () => {
    it.each(list)('%s: 404 naming the field, nothing written', async (_name, c) => {
      const before = await stored();
      const res = await send(c.call, c.as, {
        ...(c.params ? { params: c.params() } : {}),
        ...(c.query ? { query: c.query() } : {}),
        ...(c.body ? { body: c.body() } : {}),
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', invalidParameters: [{ parameter: c.field }] });
      expect(await stored()).toBe(before);
    });
  });
}

describe('the caller own ids still pass the same checks', () => {
  it('a top-up funded by its own TSP funding party, through a known correspondent', async () => {
    const res = await send('spTransactions.create', 'atlas', {
      body: topUp(id.globexUsd, { fundingPartyId: id.atlasFundingParty, correspondentId: 'COR-001' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fundingPartyId: id.atlasFundingParty, correspondentId: 'COR-001' });
  });

  it('a draft by a known delivery mode and correspondent', async () => {
    const res = await send('merchantPayments.createDraft', 'globex', {
      body: usdPayment(id.globexUsd, { deliveryModeId: 'BANK_TRANSFER', correspondentId: 'COR-004' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ deliveryModeId: 'BANK_TRANSFER', correspondentId: 'COR-004' });
  });

  it('a TSP lists the beneficiaries of its own merchant', async () => {
    const globex = await orgId('GLOBEX');
    const res = await send('beneficiaries.spList', 'atlas', { query: `merchantServiceId=${globex}` });
    expect(res.statusCode, res.body).toBe(200);
  });
});
