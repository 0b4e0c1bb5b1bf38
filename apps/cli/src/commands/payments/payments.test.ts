import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@corridor/api';
import type { CliError } from '../../errors.ts';
import { UsageError } from '../../errors.ts';
import { apiError, fakeBackend } from '../../testing/fake-api.ts';
import { fakeTerminal } from '../../testing/fake-terminal.ts';
import { signedInConfig, testContext, testDependencies } from '../../testing/test-context.ts';
import { run } from '../../cli.ts';
import { repush } from '../repush/repush.ts';
import { paymentsCancel } from './cancel.ts';
import { paymentsGet } from './get.ts';
import { paymentsList } from './list.ts';
import { paymentsRepush } from './repush.ts';

const merchant: CurrentUser = {
  id: 'u-1',
  digit9Id: '100000001',
  name: 'Globex Operator',
  role: 'MERCHANT_SERVICE',
  parentId: 'ms-1',
  organisationType: 'MERCHANT',
  status: 'ACTIVE',
};
const tsp: CurrentUser = { ...merchant, id: 'u-2', digit9Id: '900000001', role: 'SERVICE_PROVIDER', parentId: 'sp-1', organisationType: 'SERVICE_PROVIDER' };
const admin: CurrentUser = { ...merchant, id: 'u-3', digit9Id: '000000001', role: 'ADMIN', parentId: null, organisationType: 'INTERNAL' };

const payment = {
  id: 'p-row-1',
  paymentId: 'PAY-1',
  draftId: null,
  merchantId: 'ms-1',
  serviceProviderId: 'sp-1',
  walletId: 'w-1',
  status: 'INITIATED',
  category: 'PAYOUT',
  referenceNumber: null,
  agentId: null,
  agentReferenceNumber: null,
  targetBankCode: null,
  deliveryModeId: null,
  correspondentId: null,
  sender: { name: 'Globex', sendingAmount: '1000.00', sendingCurrencyCode: 'AED', sendingCountryCode: 'AE' },
  receiver: { name: 'Acme GmbH', countryCode: 'DE', accountNumber: null },
  instrumentsDetails: { receiveAmount: '245.10', receiveAmountCcyCode: 'EUR' },
  exchangeRate: '0.2451',
  fee: '12.50',
  message: null,
  correspondentDetails: { walletId: null },
  quoteId: 'q-1',
  valueDate: '2026-03-03',
  expiryDate: null,
  transactionDate: null,
  failureReason: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  timeline: [{ status: 'INITIATED', action: 'create', at: '2026-03-01T09:00:00.000Z', by: { id: 'u-1', name: 'Globex Operator' }, reason: null }],
};
const page = { content: [payment], page: 0, size: 20, totalElements: 1, totalPages: 1 };
const cancellation = {
  transactionId: 'p-row-1',
  cancellationId: 'c-1',
  status: 'COMPLETED',
  cancelledBy: { id: 'u-1', name: 'Globex Operator' },
  serviceProviderId: 'sp-1',
  cancelledOn: '2026-03-01T10:00:00.000Z',
  reason: 'Duplicate',
};

describe('payments list', () => {
  it("reads a merchant's own payments from /m/api and prints one tab-separated row each", async () => {
    const backend = fakeBackend({ me: () => merchant, request: () => page });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await paymentsList(testContext(deps), { status: 'initiated' });
    expect(backend.requests[0]).toMatchObject({ callId: 'merchantPayments.list', path: '/m/api/v1/transactions/payments' });
    expect(backend.requests[0]?.options.query).toMatchObject({ status: 'INITIATED', page: 0, size: 20 });
    expect(deps.terminal.out()).toBe('PAY-1\tINITIATED\t1000.00 AED\t245.10 EUR\tAcme GmbH (DE)\t2026-03-01T09:00:00.000Z\n');
    expect(deps.terminal.err()).toBe('Page 1: 1 of 1 payments.\n');
  });

  it("reads a TSP's merchants' payments from /s/api, filtered by merchant, and prints only JSON under --json", async () => {
    const backend = fakeBackend({ me: () => tsp, request: () => page });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await paymentsList(testContext(deps, { json: true }), { merchant: 'ms-1', page: '2', size: '5' });
    expect(backend.requests[0]).toMatchObject({ callId: 'spPayments.list', path: '/s/api/v1/transactions/payments' });
    expect(backend.requests[0]?.options.query).toMatchObject({ merchantIds: ['ms-1'], page: 2, size: 5 });
    expect(JSON.parse(deps.terminal.out())).toEqual(page);
  });

  it('refuses a page that is not a number, a merchant filter for a merchant, and a user without payments', async () => {
    const deps = testDependencies({ backend: fakeBackend({ me: () => merchant, request: () => page }), config: signedInConfig() });
    await expect(paymentsList(testContext(deps), { page: 'x' })).rejects.toThrow(UsageError);
    await expect(paymentsList(testContext(deps), { merchant: 'ms-2' })).rejects.toThrow(/--merchant is for a service provider/);
    const adminDeps = testDependencies({ backend: fakeBackend({ me: () => admin, request: () => page }), config: signedInConfig() });
    await expect(paymentsList(testContext(adminDeps), {})).rejects.toThrow(/has role ADMIN/);
    expect(adminDeps.backend.requests).toHaveLength(0);
  });
});

describe('payments list --status', () => {
  it("refuses a status outside the contract's enum with exit 2, naming it and the allowed ones, before signing in", async () => {
    const deps = testDependencies({ backend: fakeBackend({ me: () => merchant, request: () => page }), config: signedInConfig() });
    const failure = await paymentsList(testContext(deps), { status: 'BOGUS' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(UsageError);
    expect((failure as UsageError).message).toBe('--status BOGUS is not one of DRAFTED, INITIATED, PROCESSING, COMPLETED, CANCELLED, REJECTED, FAILED');
    expect(deps.backend.connections).toHaveLength(0);
  });

  it('exits 2 through the program, with the error as JSON under --json', async () => {
    const deps = testDependencies({ backend: fakeBackend({ me: () => merchant, request: () => page }), config: signedInConfig() });
    expect(await run(['node', 'corridor', '--json', 'payments', 'list', '--status', 'BOGUS'], deps)).toBe(2);
    expect(JSON.parse(deps.terminal.out())).toMatchObject({
      error: { code: 'USAGE_ERROR', exitCode: 2, message: expect.stringContaining('BOGUS is not one of DRAFTED') },
    });
    expect(deps.backend.requests).toHaveLength(0);
  });
});

describe('payments get', () => {
  it('shows the payment as a record and its timeline on stderr', async () => {
    const backend = fakeBackend({ me: () => merchant, request: () => payment });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await paymentsGet(testContext(deps), 'p-row-1');
    expect(backend.requests[0]).toMatchObject({ callId: 'merchantPayments.get', path: '/m/api/v1/transactions/payments/p-row-1' });
    expect(deps.terminal.out()).toContain('status\tINITIATED\n');
    expect(deps.terminal.out()).toContain('send\t1000.00 AED\n');
    expect(deps.terminal.err()).toBe('2026-03-01T09:00:00.000Z  INITIATED  create by Globex Operator\n');
  });

  it("passes a 404 for another organisation's payment on (exit code 5 in cli.ts)", async () => {
    const backend = fakeBackend({
      me: () => tsp,
      request: () => {
        throw apiError(404, 'NOT_FOUND');
      },
    });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await expect(paymentsGet(testContext(deps), 'other')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(backend.requests[0]?.path).toBe('/s/api/v1/transactions/payments/other');
  });
});

describe('payments cancel', () => {
  it('with --yes cancels without asking, sending the reason, the date and the idempotency key', async () => {
    const backend = fakeBackend({ me: () => merchant, request: () => cancellation });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await paymentsCancel(testContext(deps, { json: true }), 'p-row-1', { reason: ' Duplicate ', date: '2026-03-01', yes: true, idempotencyKey: 'k-1' });
    expect(deps.prompted).toEqual([]);
    expect(backend.requests[0]).toMatchObject({ callId: 'merchantPayments.cancel', method: 'POST', path: '/m/api/v1/transactions/payments/cancellations' });
    expect(backend.requests[0]?.options.body).toEqual({ transactionId: 'p-row-1', reason: 'Duplicate', cancellationDate: '2026-03-01' });
    expect(JSON.parse(deps.terminal.out())).toEqual(cancellation);
  });

  it('asks on a terminal and changes nothing when the answer is no', async () => {
    const backend = fakeBackend({ me: () => merchant, request: () => cancellation });
    const deps = testDependencies({ backend, config: signedInConfig(), terminal: fakeTerminal({ tty: true }), answers: { confirm: false } });
    await expect(paymentsCancel(testContext(deps), 'p-row-1', { reason: 'Duplicate' })).rejects.toThrow('cancelled: nothing was changed');
    expect(deps.prompted).toEqual(['confirm:Cancel payment p-row-1 and release what it holds?']);
    expect(backend.requests).toHaveLength(0);
  });

  it('asks on a terminal and cancels on yes, through the TSP path for a TSP', async () => {
    const backend = fakeBackend({ me: () => tsp, request: () => cancellation });
    const deps = testDependencies({ backend, config: signedInConfig(), terminal: fakeTerminal({ tty: true }), answers: { confirm: true } });
    await paymentsCancel(testContext(deps), 'p-row-1', { reason: 'Duplicate' });
    expect(backend.requests[0]).toMatchObject({ callId: 'spPayments.cancel', path: '/s/api/v1/transactions/payments/cancellations' });
    expect(deps.terminal.out()).toMatch(/│ status +│ COMPLETED +│/);
  });

  it('refuses without --yes when there is no terminal to ask on, and without a reason', async () => {
    const backend = fakeBackend({ me: () => merchant, request: () => cancellation });
    const deps = testDependencies({ backend, config: signedInConfig() });
    const refusal = paymentsCancel(testContext(deps), 'p-row-1', { reason: 'Duplicate' });
    await expect(refusal).rejects.toThrow(/Refused without --yes/);
    await expect(paymentsCancel(testContext(deps), 'p-row-1', { yes: true })).rejects.toThrow(/--reason is required/);
    await expect(paymentsCancel(testContext(deps), 'p-row-1', { reason: 'x', date: '01/03/2026', yes: true })).rejects.toThrow(/--date must be yyyy-MM-dd/);
    expect(backend.requests).toHaveLength(0);
    await refusal.catch((error: unknown) => expect((error as CliError).exitCode).toBe(2));
  });
});

describe('re-push', () => {
  it("re-pushes a TSP's payment after --yes", async () => {
    const backend = fakeBackend({ me: () => tsp, request: () => ({ id: 'p-row-1', status: 'PROCESSING' }) });
    const deps = testDependencies({ backend, config: signedInConfig() });
    await paymentsRepush(testContext(deps), 'p-row-1', { yes: true });
    expect(backend.requests[0]).toMatchObject({ callId: 'spPayments.repush', method: 'GET', path: '/s/api/v1/transactions/payments/repush/p-row-1' });
    expect(deps.terminal.out()).toBe('id\tp-row-1\nstatus\tPROCESSING\n');
  });

  it('refuses a merchant (a merchant retries instead) before asking anything', async () => {
    const backend = fakeBackend({ me: () => merchant, request: () => ({}) });
    const deps = testDependencies({ backend, config: signedInConfig(), terminal: fakeTerminal({ tty: true }), answers: { confirm: true } });
    await expect(paymentsRepush(testContext(deps), 'p-row-1', {})).rejects.toThrow(/service provider's action/);
    expect(deps.prompted).toEqual([]);
    expect(backend.requests).toHaveLength(0);
  });

  it('`corridor repush` calls the internal re-push after confirmation', async () => {
    const backend = fakeBackend({ request: () => ({ transactionId: 't-1', txnStatus: 'PROCESSING' }) });
    const deps = testDependencies({ backend, config: signedInConfig(), terminal: fakeTerminal({ tty: true }), answers: { confirm: true } });
    await repush(testContext(deps, { json: true }), 't-1', {});
    expect(deps.prompted).toEqual(['confirm:Push transaction t-1 to its correspondent again?']);
    expect(backend.requests[0]).toMatchObject({ callId: 'internalTransactions.rePush', method: 'PUT', path: '/v1/internal/re-push/t-1' });
    expect(JSON.parse(deps.terminal.out())).toEqual({ transactionId: 't-1', txnStatus: 'PROCESSING' });
  });
});
