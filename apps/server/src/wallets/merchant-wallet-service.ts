import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { paymentWalletCreate, walletUpdate } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { inTransaction } from '../db/transaction.ts';
import { wallets } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import type { MerchantTenant } from '../tenant/tenant.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { ownMerchant } from '../organisations/organisation-service.ts';
import { ownBankAccount } from './bank-account-service.ts';
import { walletDto } from './wallet-dto.ts';
import { walletPage } from './wallet-queries.ts';
import { ownWallet, scopes, tspOfMerchant, walletIn } from '../tenant/wallet-scope.ts';
import { openWallet, updateWallet } from './wallet-service.ts';

type WalletCreateBody = z.output<typeof paymentWalletCreate>;
type MerchantWalletCreate = Omit<WalletCreateBody, 'merchantId'> & { merchantId?: string | undefined };

interface WalletOpening {
  merchantId: string;
  tspId: string;
  type: 'PAYMENT' | 'SETTLEMENT';
  status: 'ACTIVE' | 'INACTIVE';
}

/**
 * Opens a merchant wallet once every id the body names is known to be the merchant's (bank account,
 * dipped wallet) or its TSP's (service provider, TSP wallet); any other id is a 404 naming the field.
 */
async function openMerchantWallet(db: Db, opening: WalletOpening, body: MerchantWalletCreate, by: string, now: Date) {
  const { merchantId, tspId } = opening;
  if (body.serviceProviderId !== tspId) throw foreignId('serviceProviderId', 'service provider', body.serviceProviderId);
  const spWallet = await ownWallet(db, scopes.spOwn(tspId), body.spWalletId, 'spWalletId');
  if (body.bankAccountId) await ownBankAccount(db, merchantId, body.bankAccountId, 'bankAccountId');
  if (body.dippedWalletId) await ownWallet(db, scopes.merchant(merchantId), body.dippedWalletId, 'dippedWalletId');
  if (spWallet.currencyCode !== body.currencyCode) {
    throw new AppError('VALIDATION_FAILED', undefined, [
      { parameter: 'currencyCode', message: `must be ${spWallet.currencyCode}, the currency of the service-provider wallet` },
    ]);
  }
  const row = await inTransaction(db, async (tx) =>
    openWallet(
      tx,
      {
        alias: body.alias,
        type: opening.type,
        status: opening.status,
        serviceProviderId: tspId,
        merchantServiceId: merchantId,
        currencyCode: body.currencyCode,
        countryCode: body.countryCode,
        bankCode: body.bankCode ?? null,
        bankAccountId: body.bankAccountId ?? null,
        spWalletId: spWallet.id,
        isDippingAllowed: body.isDippingAllowed ?? false,
        dippedWalletId: body.dippedWalletId ?? null,
        vpa: body.vpa ?? null,
        createdBy: by,
      },
      now,
    ),
  );
  return walletDto(db, row);
}

/** A merchant requests a payment wallet; it waits for its TSP to activate it (PUT /v1/service-provider/merchant/wallets/{id}). */
export async function requestMerchantWallet(db: Db, tenant: MerchantTenant, body: MerchantWalletCreate, by: string, now: Date) {
  if (body.merchantId !== undefined && body.merchantId !== tenant.merchantId) throw foreignId('merchantId', 'merchant service', body.merchantId);
  const tspId = await tspOfMerchant(db, tenant.merchantId);
  return openMerchantWallet(db, { merchantId: tenant.merchantId, tspId, type: 'PAYMENT', status: 'INACTIVE' }, body, by, now);
}

/** Operations open a merchant's wallet at the merchant's own TSP. */
export async function createMerchantWallet(db: Db, body: WalletCreateBody, type: 'PAYMENT' | 'SETTLEMENT', by: string, now: Date) {
  const merchant = await ownMerchant(db, null, body.merchantId, 'merchantId');
  if (!merchant.parentId) throw foreignId('merchantId', 'merchant service', body.merchantId);
  return openMerchantWallet(db, { merchantId: merchant.id, tspId: merchant.parentId, type, status: 'ACTIVE' }, body, by, now);
}

/** A merchant changes the alias or dipping of its own wallet; status and models are its TSP's to change. */
export async function updateOwnMerchantWallet(db: Db, tenant: MerchantTenant, id: string, body: z.output<typeof walletUpdate>, now: Date) {
  const row = await walletIn(db, id, tenant.scope);
  const refused = (['status', 'statusReason', 'coveringModel', 'pricingModel'] as const).filter((k) => body[k] !== undefined);
  if (refused.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      undefined,
      refused.map((parameter) => ({ parameter, message: 'only your service provider changes this' })),
    );
  }
  const { alias, isDippingAllowed, dippedWalletId } = body;
  return walletDto(db, await updateWallet(db, row, { alias, isDippingAllowed, dippedWalletId }, now));
}

/** What the merchant's TSP offers, not the TSP's balances. */
export async function offeredSpWallets(db: Db, tenant: MerchantTenant, query: Parameters<typeof walletPage>[2]) {
  const tspId = await tspOfMerchant(db, tenant.merchantId);
  return walletPage(db, and(scopes.spOwn(tspId), eq(wallets.status, 'ACTIVE')), { ...query, inclPosition: false });
}
