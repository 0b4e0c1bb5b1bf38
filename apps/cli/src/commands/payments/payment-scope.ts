import type { CorridorApi } from '../../client/corridor-api.ts';
import { UsageError } from '../../errors.ts';

/** Whose side of the payment calls the signed-in user is on: a merchant's staff or its TSP's. */
export type PaymentSide = 'merchant' | 'tsp';

/**
 * The merchant and the TSP reach the same payments through different paths (`/m/api` and `/s/api`); the
 * user's role picks them, so one command serves both.
 */
export async function paymentSide(api: CorridorApi): Promise<PaymentSide> {
  const user = await api.currentUser();
  if (user.role === 'MERCHANT_SERVICE') return 'merchant';
  if (user.role === 'SERVICE_PROVIDER') return 'tsp';
  throw new UsageError(`payments are a merchant's or a service provider's: user ${user.digit9Id} has role ${user.role}`);
}
