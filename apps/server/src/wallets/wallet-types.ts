import type { wallets } from '../db/schema.ts';

/** A wallet as stored: what other areas hold while they book against a wallet. */
export type WalletRow = typeof wallets.$inferSelect;
