import type { z } from 'zod';
import type { creditRequest, wallet } from '@corridor/api';

export type CreditRequestRow = z.output<typeof creditRequest>;
export type MerchantWalletRow = z.output<typeof wallet>;
