import type { z } from 'zod';
import type { creditRequest } from '@corridor/api';

export type CreditRequestRow = z.output<typeof creditRequest>;
