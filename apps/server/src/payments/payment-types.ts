import type { z } from 'zod';
import type { paymentCreate } from '@corridor/api';
import type { Tenant } from '../tenant/tenant.ts';

/** A payment create's body, as the contract parses it. */
export type PaymentCreate = z.output<typeof paymentCreate>;

/** Who calls: the tenant (null for operations) and the user, as the lifecycle records them. */
export interface PaymentCaller {
  tenant: Tenant | null;
  userId: string;
}
