import type { z } from 'zod';
import type { currency, positionSummaryRow, wallet, walletConfig } from '@corridor/api';

export type WalletRow = z.output<typeof wallet>;
export type CurrencyRow = z.output<typeof currency>;
export type PositionSummaryRow = z.output<typeof positionSummaryRow>;
export type WalletConfigRow = z.output<typeof walletConfig>;

/** The Wallet menu's sub-entries (spec 2: wallet-list, cashflow, network, rules). */
export const SP_WALLET_TABS = ['wallet-list', 'cashflow', 'network', 'rules'] as const;
export type SpWalletTab = (typeof SP_WALLET_TABS)[number];
