import { v7 as uuidv7 } from 'uuid';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { bankAccounts } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { foreignId } from '../tenant/foreign-id.ts';

function bankAccountDto(r: typeof bankAccounts.$inferSelect) {
  return {
    id: r.id,
    ownerId: r.ownerId,
    accountHolderName: r.accountHolderName,
    iban: r.iban,
    accountNumber: r.accountNumber,
    bic: r.bic,
    bankCode: r.bankCode,
    currencyCode: r.currencyCode,
    countryCode: r.countryCode,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function createBankAccount(
  db: Db,
  ownerId: string,
  body: {
    accountHolderName: string;
    iban?: string | undefined;
    accountNumber?: string | undefined;
    bic?: string | undefined;
    bankCode: string;
    currencyCode: string;
    countryCode: string;
  },
  createdBy: string,
  now: Date,
) {
  if (!body.iban && !body.accountNumber) {
    throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'iban', message: 'an IBAN or an account number is required' }]);
  }
  const [row] = await db
    .insert(bankAccounts)
    .values({
      id: uuidv7(),
      ownerId,
      accountHolderName: body.accountHolderName,
      iban: body.iban ?? null,
      accountNumber: body.accountNumber ?? null,
      bic: body.bic ?? null,
      bankCode: body.bankCode,
      currencyCode: body.currencyCode,
      countryCode: body.countryCode,
      createdBy,
      createdAt: now,
    })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR');
  return bankAccountDto(row);
}

/** A bank account a body names: it must belong to the organisation the wallet is for (404 otherwise). */
export async function ownBankAccount(db: Db, ownerId: string, id: string, field: string) {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.ownerId, ownerId)));
  if (!row) throw foreignId(field, 'bank account', id);
  return row;
}
