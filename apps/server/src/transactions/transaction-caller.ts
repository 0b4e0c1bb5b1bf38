import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { TransactionActor } from '@corridor/domain';
import type { Db, Tx } from '../db/database.ts';
import { statements } from '../db/statement.ts';
import { users } from '../db/schema.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { orgIdOf, type Tenant } from '../tenant/tenant.ts';
import { byTransactionKey, transactionKeys, transactionScopeOf, type TransactionKey } from './transaction-dto.ts';
import type { TransactionActorRef } from './transaction-lifecycle.ts';
import { transactionEvents, transactionsV2 } from './transaction-schema.ts';
import type { TransactionRow } from './transaction-types.ts';

/* Who acts on a transaction and which transactions they see: shared by the transfer, approval and cancellation services. */

/** Who calls: the tenant (null for operations) and the user, as the lifecycle records them. */
export interface TransactionCaller {
  tenant: Tenant | null;
  userId: string;
  /** The user's name as read with the session (undefined: not read yet, looked up when recorded). */
  userName?: string | null | undefined;
}

export const invalid = (parameters: InvalidParameter[]) => new AppError('VALIDATION_FAILED', undefined, parameters);

export async function userName(db: Db | Tx, userId: string): Promise<string | null> {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? null;
}

/** The caller's name for the record: the one read with the session when there is one, else one lookup. */
export const callerName = (db: Db | Tx, caller: TransactionCaller): Promise<string | null> =>
  caller.userName !== undefined ? Promise.resolve(caller.userName) : userName(db, caller.userId);

const orgOf = (tenant: Tenant | null) => (tenant === null ? null : orgIdOf(tenant));

/** The caller as an actor of a transaction: a merchant, the TSP of the side it asks for, or operations (SYSTEM). */
export async function actorOf(
  db: Db | Tx,
  caller: TransactionCaller,
  row: TransactionRow | null,
  side: 'SOURCE' | 'TARGET' = 'SOURCE',
): Promise<TransactionActorRef> {
  const base = { userId: caller.userId, name: await callerName(db, caller), orgId: orgOf(caller.tenant) };
  const tenant = caller.tenant;
  if (tenant === null) return { ...base, type: 'SYSTEM' };
  if (tenant.kind === 'merchant') return { ...base, type: 'MERCHANT' };
  if (row === null) return { ...base, type: 'SOURCE_TSP' };
  const isSource = row.serviceProviderId === tenant.serviceProviderId;
  const isTarget = (row.targetSpId ?? row.serviceProviderId) === tenant.serviceProviderId;
  const type: TransactionActor = side === 'SOURCE' ? (isSource ? 'SOURCE_TSP' : 'TARGET_TSP') : isTarget ? 'TARGET_TSP' : 'SOURCE_TSP';
  return { ...base, type };
}

/**
 * A transaction the caller may see, by row id or transaction number, read alone or locked for a decision
 * (FOR UPDATE: concurrent decisions queue there, so exactly one takes effect): built once per kind of caller,
 * key and lock (`statements`), the organisation's id a placeholder as `transactionScopeOf` scopes it.
 */
const visibleRowStatement = statements((q, shape: `${Tenant['kind'] | 'all'}|${TransactionKey}|${'read' | 'lock'}`) => {
  const [kind, key, mode] = shape.split('|') as [Tenant['kind'] | 'all', TransactionKey, 'read' | 'lock'];
  const where = and(byTransactionKey(key, sql.placeholder('id')), kind === 'all' ? undefined : transactionScopeOf(kind, sql.placeholder('orgId')));
  const read = q.select().from(transactionsV2).where(where);
  return mode === 'lock' ? read.for('update') : read;
});

/** The caller's transaction named by `id` (row id or number: the likelier key first), or undefined. */
export async function visibleRow(db: Db | Tx, tenant: Tenant | null, id: string, mode: 'read' | 'lock'): Promise<TransactionRow | undefined> {
  const values = { id, orgId: orgOf(tenant) };
  for (const key of transactionKeys(id)) {
    const [row] = await visibleRowStatement(db, `${tenant?.kind ?? 'all'}|${key}|${mode}`, values);
    if (row) return row;
  }
  return undefined;
}

/** A transaction the caller may see, by its row id or its transactionId; 404 naming the field otherwise. */
export async function visible(db: Db | Tx, tenant: Tenant | null, id: string, field = 'transactionId'): Promise<TransactionRow> {
  const row = await visibleRow(db, tenant, id, 'read');
  if (!row) throw foreignId(field, 'transaction', id);
  return row;
}

/** The transaction events a filter keeps (joined to their transactions, which the caller's scope names), to count them. */
export const eventsMatching = (db: Db, where: SQL | undefined) =>
  db
    .select({ one: sql`1` })
    .from(transactionEvents)
    .innerJoin(transactionsV2, eq(transactionsV2.id, transactionEvents.transactionRowId))
    .where(where);
