import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { beneficiary as beneficiarySchema, beneficiaryCreate, beneficiaryFilter, Page } from '@corridor/api';
import { isValidBic, isValidIban, normaliseIban, usesIban } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import { countries, currencies, organisations, users } from '../db/schema.ts';
import { AppError, type InvalidParameter } from '../errors.ts';
import { listResource } from '../http/resource-engine.ts';
import { isUniqueViolation } from '../db/pg-errors.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { beneficiaryResource } from './beneficiary-resource.ts';
import { beneficiaries, type BeneficiaryRow } from './beneficiary-schema.ts';

type Beneficiary = z.input<typeof beneficiarySchema>;
type BeneficiaryCreate = z.output<typeof beneficiaryCreate>;
type BeneficiaryFilter = z.output<typeof beneficiaryFilter>;

/** Whose beneficiaries a caller sees: one merchant's, or those of every merchant of a TSP. */
export type BeneficiaryScope = { merchantId: string } | { serviceProviderId: string; merchantId?: string };

function scopeSql(scope: BeneficiaryScope): SQL {
  if (!('serviceProviderId' in scope)) return eq(beneficiaries.merchantId, scope.merchantId);
  const ofTsp = sql`${beneficiaries.merchantId} IN (SELECT ${organisations.id} FROM ${organisations} WHERE ${organisations.parentId} = ${scope.serviceProviderId})`;
  return scope.merchantId === undefined ? ofTsp : (and(ofTsp, eq(beneficiaries.merchantId, scope.merchantId)) as SQL);
}

async function creatorNames(db: Db, rows: BeneficiaryRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.createdBy).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((u) => [u.id, u.name]));
}

function dto(row: BeneficiaryRow, names: Map<string, string>): Beneficiary {
  return {
    id: row.id,
    merchantServiceId: row.merchantId,
    type: row.type,
    displayName: row.nickname ?? row.name,
    name: row.name,
    iban: row.iban,
    accountNumber: row.accountNumber,
    bic: row.bic,
    bankCode: row.bankCode,
    bankName: row.bankName,
    countryCode: row.countryCode,
    currencyCode: row.currencyCode,
    address: row.address,
    city: row.city,
    email: row.email,
    phone: row.phone,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    createdBy: row.createdBy ? { id: row.createdBy, name: names.get(row.createdBy) ?? row.createdBy } : null,
  };
}

export async function listBeneficiaries(db: Db, scope: BeneficiaryScope, query: BeneficiaryFilter): Promise<Page<Beneficiary>> {
  // A TSP narrowing to one merchant names it: a merchant of another TSP is not found, not an empty page.
  if ('serviceProviderId' in scope && scope.merchantId !== undefined) {
    const [merchant] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.id, scope.merchantId), eq(organisations.type, 'MERCHANT'), eq(organisations.parentId, scope.serviceProviderId)));
    if (!merchant) throw foreignId('merchantServiceId', 'merchant', scope.merchantId);
  }
  const page = await listResource(db, beneficiaryResource, query, scopeSql(scope));
  const names = await creatorNames(db, page.content);
  return { ...page, content: page.content.map((row) => dto(row, names)) };
}

async function rowIn(db: Db, scope: BeneficiaryScope, id: string): Promise<BeneficiaryRow | undefined> {
  const [row] = await db
    .select()
    .from(beneficiaries)
    .where(and(eq(beneficiaries.id, id), scopeSql(scope)));
  return row;
}

/** One beneficiary the caller may see; another merchant's answers 404 as if it did not exist. */
export async function getBeneficiary(db: Db, scope: BeneficiaryScope, id: string): Promise<Beneficiary> {
  const row = await rowIn(db, scope, id);
  if (!row) throw new AppError('NOT_FOUND', `No beneficiary ${id}`, [{ parameter: 'id', message: 'no such beneficiary of yours' }]);
  return dto(row, await creatorNames(db, [row]));
}

/**
 * The beneficiary a payment names, held to the paying merchant: another merchant's, or none, is the
 * 404 naming `beneficiaryId` (the payment's field), so a payment never reveals what others hold.
 */
export async function beneficiaryOfMerchant(db: Db, merchantId: string, beneficiaryId: string): Promise<BeneficiaryRow> {
  const row = await rowIn(db, { merchantId }, beneficiaryId);
  if (!row) {
    throw new AppError('NOT_FOUND', `No beneficiary ${beneficiaryId}`, [{ parameter: 'beneficiaryId', message: 'no such beneficiary of yours' }]);
  }
  return row;
}

/** Checks that need the rules or the reference tables; the contract already checked each field's shape. */
async function invalidFields(db: Db, body: BeneficiaryCreate, iban: string | null, bic: string | null): Promise<InvalidParameter[]> {
  const country = body.countryCode.toUpperCase();
  const currency = body.currencyCode.toUpperCase();
  const [[c], [ccy]] = await Promise.all([
    db.select({ code: countries.code }).from(countries).where(eq(countries.code, country)),
    db.select({ code: currencies.code }).from(currencies).where(eq(currencies.code, currency)),
  ]);
  const invalid: InvalidParameter[] = [];
  if (!c) invalid.push({ parameter: 'countryCode', message: `no country ${country}` });
  if (!ccy) invalid.push({ parameter: 'currencyCode', message: `no currency ${currency}` });
  if (iban !== null) {
    if (!isValidIban(iban)) invalid.push({ parameter: 'iban', message: 'the IBAN check digits or length do not hold' });
    else if (iban.slice(0, 2) !== country) invalid.push({ parameter: 'iban', message: `the IBAN is not of ${country}` });
  } else if (usesIban(country)) {
    invalid.push({ parameter: 'iban', message: `accounts in ${country} are named by IBAN` });
  }
  if (bic !== null && !isValidBic(bic)) invalid.push({ parameter: 'bic', message: 'must be a BIC of 8 or 11 characters' });
  return invalid;
}

const blank = (v: string | undefined): string | null => (v === undefined || v.trim() === '' ? null : v.trim());

/** Adds a beneficiary to the merchant; the same account twice is a 409 naming the field that repeats. */
export async function createBeneficiary(db: Db, merchantId: string, body: BeneficiaryCreate, userId: string, now: Date): Promise<Beneficiary> {
  const iban = body.iban === undefined ? null : normaliseIban(body.iban);
  const bic = body.bic === undefined ? null : body.bic.toUpperCase();
  const invalid = await invalidFields(db, body, iban, bic);
  if (invalid.length > 0) throw new AppError('VALIDATION_FAILED', undefined, invalid);
  const row = {
    id: uuidv7(),
    merchantId,
    name: body.name.trim(),
    nickname: blank(body.displayName),
    type: body.type,
    countryCode: body.countryCode.toUpperCase(),
    currencyCode: body.currencyCode.toUpperCase(),
    bankCode: blank(body.bankCode),
    bankName: blank(body.bankName),
    iban,
    // An IBAN holds the account number; keeping both would let them disagree.
    accountNumber: iban === null ? (body.accountNumber ?? null) : null,
    bic,
    address: blank(body.address),
    city: blank(body.city),
    email: blank(body.email),
    phone: blank(body.phone),
    status: 'ACTIVE' as const,
    createdBy: userId,
    createdAt: now,
  };
  try {
    await db.insert(beneficiaries).values(row);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const field = iban !== null ? 'iban' : 'accountNumber';
    throw new AppError('DUPLICATE_BENEFICIARY', undefined, [{ parameter: field, message: 'this account is already one of your beneficiaries' }]);
  }
  return getBeneficiary(db, { merchantId }, row.id);
}
