import type { z } from 'zod';
import type { positionSummaryRow, walletConfig } from '@corridor/api';

/** The wallet type every wallet screen shares (kept under this name for the status dialog). */
export type { Wallet as WalletRow } from '@/components/wallets/wallet-types.ts';
export type PositionSummaryRow = z.output<typeof positionSummaryRow>;
export type WalletConfigRow = z.output<typeof walletConfig>;

/** The Wallet menu's sub-entries (spec 2: wallet-list, cashflow, network, rules). */
export const SP_WALLET_TABS = ['wallet-list', 'cashflow', 'network', 'rules'] as const;
export type SpWalletTab = (typeof SP_WALLET_TABS)[number];
