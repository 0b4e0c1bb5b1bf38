import type { accountingConfigs, walletConfigs } from '../db/schema.ts';
import { plainOrNull } from '../lib/money-text.ts';

export function walletConfigDto(r: typeof walletConfigs.$inferSelect) {
  return {
    id: r.id,
    walletId: r.walletId,
    msWalletId: r.msWalletId,
    transactionCategory: r.transactionCategory,
    coveringModel: r.coveringModel,
    enabled: r.enabled,
    minAmount: plainOrNull(r.minAmount),
    maxAmount: plainOrNull(r.maxAmount),
    dailyLimit: plainOrNull(r.dailyLimit),
    autoApprove: r.autoApprove,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt?.toISOString() ?? null,
  };
}

export function accountingConfigDto(r: typeof accountingConfigs.$inferSelect) {
  return {
    id: r.id,
    merchantId: r.merchantId,
    tspId: r.tspId,
    walletId: r.walletId,
    ledgerCode: r.ledgerCode,
    ledgerCcy: r.ledgerCcy,
    ...r.accounts,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt?.toISOString() ?? null,
  };
}
