import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import type { PaymentActorRef } from './payment-lifecycle.ts';
import type { PaymentCaller } from './payment-types.ts';

/** The caller as a payment's event records it; its name read unless the caller's read already has it. */
export async function actorOf(db: Db | Tx, caller: PaymentCaller, knownName?: string | null): Promise<PaymentActorRef & { name: string | null }> {
  const name = knownName !== undefined ? knownName : ((await db.select({ name: users.name }).from(users).where(eq(users.id, caller.userId)))[0]?.name ?? null);
  const type = caller.tenant?.kind === 'merchant' ? 'MERCHANT' : caller.tenant?.kind === 'serviceProvider' ? 'TSP' : 'SYSTEM';
  const orgId = caller.tenant === null ? null : caller.tenant.kind === 'merchant' ? caller.tenant.merchantId : caller.tenant.serviceProviderId;
  return { type, userId: caller.userId, name, orgId };
}

export const invalid = (parameters: InvalidParameter[]) => new AppError('VALIDATION_FAILED', undefined, parameters);
