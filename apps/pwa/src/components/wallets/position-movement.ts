/**
 * What a position movement means to the wallet's owner, decided once for both portals. A payment's
 * life leaves: a hold (pendingAuthorization credited) when it is initiated, a release (the same
 * bucket debited) when it completes, is cancelled, rejected or fails, and a settlement (balance
 * debited) when it completes. Reserves hold and release the same way.
 */
type Movement = 'held' | 'released' | 'settled' | 'credited' | 'increased' | 'decreased';

/** Buckets that set money aside: a credit holds, a debit gives it back. */
const HOLDING_BUCKETS: ReadonlySet<string> = new Set(['pendingAuthorization', 'reserve', 'merchantReserve', 'creditReserve', 'merchantCreditReserve']);

export interface MovementMeaning {
  /** The position bucket moved (balance, pendingAuthorization, reserve...). */
  bucket: string;
  movement: Movement;
  side: 'CREDIT' | 'DEBIT';
}

/** The movement an activity `action` (`<bucket>_CREDIT` / `<bucket>_DEBIT`) stands for. */
export function movementOf(action: string): MovementMeaning {
  const cut = action.lastIndexOf('_');
  const bucket = cut < 0 ? action : action.slice(0, cut);
  const side = action.slice(cut + 1) === 'CREDIT' ? 'CREDIT' : 'DEBIT';
  const credit = side === 'CREDIT';
  let movement: Movement;
  if (HOLDING_BUCKETS.has(bucket)) movement = credit ? 'held' : 'released';
  else if (bucket === 'balance') movement = credit ? 'credited' : 'settled';
  else movement = credit ? 'increased' : 'decreased';
  return { bucket, movement, side };
}
