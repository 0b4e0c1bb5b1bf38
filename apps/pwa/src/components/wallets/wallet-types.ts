import type { z } from 'zod';
import type { currency, statementLine, wallet } from '@corridor/api';

/**
 * A wallet as every wallet call answers it (merchant and service-provider calls share the
 * contract's `wallet` schema): one type for both portals' screens.
 */
export type Wallet = z.output<typeof wallet>;
export type WalletPosition = NonNullable<Wallet['position']>;
export type WalletCurrency = z.output<typeof currency>;
export type StatementLine = z.output<typeof statementLine>;
