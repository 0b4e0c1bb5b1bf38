import { and, eq, inArray } from 'drizzle-orm';
import { Dec } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { creditLimits, creditRequests, wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { requireOrg } from '../auth/caller.ts';
import type { CallRegistrar } from '../http/registrar.ts';
import {
  changeCreditLimit,
  createCreditRequest,
  creditLimitDtos,
  creditLimitIn,
  creditRequestDto,
  creditRequestIn,
  decideCreditRequest,
  GRANTABLE_LIMIT_STATUSES,
  grantCreditLimit,
  listCreditLimits,
  listCreditRequests,
} from './credit-service.ts';
import { scopes, walletIn } from '../wallets/wallet-scope.ts';
import { assertAmountFits } from '../reference/amount-fit.ts';

async function limitDto(db: Db, row: typeof creditLimits.$inferSelect) {
  const [dto] = await creditLimitDtos(db, [row]);
  if (!dto) throw new AppError('INTERNAL_ERROR');
  return dto;
}

interface LimitBody {
  walletId: string;
  currency: string;
  limit: string;
  validFrom: string;
  validTo: string;
  status?: string | undefined;
}

async function createLimitFor(db: Db, tspId: string, body: LimitBody, by: string, now: Date) {
  const wallet = await walletIn(db, body.walletId, scopes.spAll(tspId)).catch(() => {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'walletId', message: 'no such wallet of the service provider' }]);
  });
  const problems: Array<{ parameter: string; message: string }> = [];
  if (body.currency !== wallet.currencyCode) problems.push({ parameter: 'currency', message: `must be the wallet currency ${wallet.currencyCode}` });
  if (!new Dec(body.limit).gt(0)) problems.push({ parameter: 'limit', message: 'must be more than zero' });
  if (body.validTo < body.validFrom) problems.push({ parameter: 'validTo', message: 'must not be before validFrom' });
  if (body.status !== undefined && !GRANTABLE_LIMIT_STATUSES.has(body.status)) {
    problems.push({ parameter: 'status', message: 'a new credit limit is ACTIVE or SCHEDULED' });
  }
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', undefined, problems);
  await assertAmountFits(db, body.limit, body.currency, 'limit');
  const row = await db.transaction(async (tx) =>
    grantCreditLimit(tx as unknown as Db, {
      walletId: wallet.id,
      tspId,
      currency: body.currency,
      limit: body.limit,
      validFrom: body.validFrom,
      validTo: body.validTo,
      merchantId: wallet.merchantServiceId,
      ...(body.status !== undefined ? { status: body.status } : {}),
      createdBy: by,
    }, now),
  );
  return limitDto(db, row);
}

/** Credit requests on both sides and the credit limits a TSP grants. */
export function registerCreditRoutes(r: CallRegistrar): void {
  r.serve('credit.merchantRequests', async ({ caller, db, query }) =>
    listCreditRequests(db, eq(creditRequests.merchantId, requireOrg(caller)), query),
  );
  r.serve('credit.merchantCreateRequest', async ({ caller, db, body, services }) => {
    const wallet = await walletIn(db, body.walletId, scopes.merchant(requireOrg(caller))).catch(() => {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'walletId', message: 'no such wallet of yours' }]);
    });
    return creditRequestDto(await createCreditRequest(db, { ...body, wallet, createdBy: caller.userId }, services.config.now()));
  });
  r.serve('credit.merchantRequest', async ({ caller, db, params }) =>
    creditRequestDto(await creditRequestIn(db, params.id, eq(creditRequests.merchantId, requireOrg(caller)))),
  );

  const spScope = (tspId: string) => eq(creditRequests.tspId, tspId);
  r.serve('credit.spRequests', async ({ caller, db, query }) => listCreditRequests(db, spScope(requireOrg(caller)), query));
  r.serve('credit.spRequest', async ({ caller, db, params }) =>
    creditRequestDto(await creditRequestIn(db, params.id, spScope(requireOrg(caller)))),
  );
  for (const id of ['credit.spCreateRequest', 'credit.spCreateLinkedRequest'] as const) {
    r.serve(id, async ({ caller, db, body, services }) => {
      const tspId = requireOrg(caller);
      const wallet = await walletIn(db, body.walletId, and(scopes.spMerchants(tspId), eq(wallets.merchantServiceId, body.merchantId))).catch(() => {
        throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'walletId', message: 'no such wallet of that merchant' }]);
      });
      const row = await createCreditRequest(
        db,
        { ...body, wallet, linked: id === 'credit.spCreateLinkedRequest', createdBy: caller.userId },
        services.config.now(),
      );
      return creditRequestDto(row);
    });
  }
  r.serve('credit.spApproveRequest', async ({ caller, db, params, body, services }) => {
    const row = await creditRequestIn(db, params.id, spScope(requireOrg(caller)));
    return creditRequestDto(await decideCreditRequest(db, row, body, caller.userId, services.config.now()));
  });

  const limitScope = (tspId: string) => eq(creditLimits.tspId, tspId);
  r.serve('credit.limits', async ({ caller, db, query }) => listCreditLimits(db, limitScope(requireOrg(caller)), query));
  r.serve('credit.createLimit', async ({ caller, db, body, services }) =>
    createLimitFor(db, requireOrg(caller), body, caller.userId, services.config.now()),
  );
  r.serve('credit.limit', async ({ caller, db, params }) => limitDto(db, await creditLimitIn(db, params.id, limitScope(requireOrg(caller)))));
  r.serve('credit.updateLimit', async ({ caller, db, params, body, services }) => {
    const row = await creditLimitIn(db, params.id, limitScope(requireOrg(caller)));
    if (body.walletId !== undefined && body.walletId !== row.walletId) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'walletId', message: 'a credit limit stays on its wallet' }]);
    }
    if (body.currency !== undefined && body.currency !== row.currency) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'currency', message: `must stay ${row.currency}` }]);
    }
    return limitDto(db, await changeCreditLimit(db, row, body, caller.userId, services.config.now()));
  });
  r.serve('credit.internalCreateLimit', async ({ caller, db, query, body, services }) =>
    createLimitFor(db, query.tspId, body, caller.userId, services.config.now()),
  );
  r.serve('credit.internalTspWalletLimitSummary', async ({ db, params }) => {
    const tspWallet = await walletIn(db, params.tspWalletId, scopes.anySpWallet());
    const linked = db.select({ id: wallets.id }).from(wallets).where(eq(wallets.spWalletId, tspWallet.id));
    const rows = await db
      .select()
      .from(creditLimits)
      .where(and(inArray(creditLimits.walletId, linked), eq(creditLimits.status, 'ACTIVE')));
    const dtos = await creditLimitDtos(db, rows);
    const total = dtos.reduce((a, l) => a.plus(l.limit), new Dec(0));
    const used = dtos.reduce((a, l) => a.plus(l.used), new Dec(0));
    const merchantIds = new Set(
      (rows.length > 0
        ? await db.select({ m: wallets.merchantServiceId }).from(wallets).where(inArray(wallets.id, rows.map((l) => l.walletId)))
        : []
      ).map((w) => w.m),
    );
    return {
      tspWalletId: tspWallet.id,
      currency: tspWallet.currencyCode,
      totalLimit: total.toFixed(),
      totalUsed: used.toFixed(),
      available: total.minus(used).toFixed(),
      merchantCount: merchantIds.size,
    };
  });
}
