import { inArray } from 'drizzle-orm';
import type { Wallet, WalletPosition } from '@corridor/api';
import { Dec, type DecimalValue } from '@corridor/domain';
import type { Db } from '../db/database.ts';
import type { WalletRow } from './wallet-types.ts';
import { banks, countries, currencies, organisations, walletPositions } from '../db/schema.ts';
import { currentRatesToLocal, rateIn } from '../rates/valuation-service.ts';
import { plain } from '../lib/money-text.ts';

export type PositionRow = typeof walletPositions.$inferSelect;

const EMPTY_POSITION = (walletId: string): PositionRow => ({
  walletId,
  balance: '0',
  reserve: '0',
  merchantReserve: '0',
  openPosition: '0',
  pendingAuthorization: '0',
  creditLimit: '0',
  creditReserve: '0',
  merchantCreditReserve: '0',
  balanceLines: 0,
  updatedAt: null,
});

/** Local-currency rates of wallet currencies, as `currentRatesToLocal` answers them. */
export type WalletRates = ReadonlyMap<string, DecimalValue>;

/**
 * The position answer (shell, section 3). Credit in use (openCredit) is how far the balance is below zero;
 * the cost rate is the served rate of the wallet's currency in USD (`rates` holds it; none is a 400 naming currency).
 */
export function positionOf(
  wallet: Pick<WalletRow, 'id' | 'currencyCode' | 'createdAt' | 'updatedAt'>,
  row: PositionRow | undefined,
  rates: WalletRates,
): WalletPosition {
  const p = row ?? EMPTY_POSITION(wallet.id);
  const currency = wallet.currencyCode;
  const money = (amount: string) => ({ amount: plain(amount), currency });
  const balance = new Dec(p.balance);
  const openCredit = balance.isNegative() ? balance.neg().toFixed() : '0';
  return {
    walletId: wallet.id,
    currency,
    balance: money(p.balance),
    reserve: money(p.reserve),
    merchantReserve: money(p.merchantReserve),
    openPosition: money(p.openPosition),
    pendingAuthorization: money(p.pendingAuthorization),
    costRate: { amount: rateIn(rates, currency).toFixed(), currency: 'USD' },
    creditPosition: {
      creditPayable: money(openCredit),
      creditReserve: money(p.creditReserve),
      merchantCreditReserveAmount: money(p.merchantCreditReserve),
      openCredit: money(openCredit),
      creditLimit: money(p.creditLimit),
    },
    updatedAt: (p.updatedAt ?? wallet.updatedAt ?? wallet.createdAt).toISOString(),
  };
}

export async function positionsFor(db: Db, ids: string[]): Promise<Map<string, PositionRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(walletPositions).where(inArray(walletPositions.walletId, ids));
  return new Map(rows.map((r) => [r.walletId, r]));
}

/** The names a wallet answer shows beside the wallet's own columns. */
export interface WalletNames {
  currencyCountry: string | null;
  countryName: string | null;
  bankName: string | null;
  serviceProviderName: string | null;
  merchantName: string | null;
}

/** One wallet answer from its row, the names it shows and (when asked) its position. */
export function walletAnswer(r: WalletRow, names: WalletNames, position: PositionRow | null | undefined, withPosition: boolean, rates: WalletRates): Wallet {
  return {
    id: r.id,
    alias: r.alias,
    walletAccountNumber: r.walletAccountNumber,
    type: r.type,
    types: [r.type],
    status: r.status,
    currency: { code: r.currencyCode, countryCode: names.currencyCountry ?? null },
    country: { code: r.countryCode, name: names.countryName ?? r.countryCode },
    bank: r.bankCode ? { code: r.bankCode, name: names.bankName ?? r.bankCode } : null,
    bankAccount: r.iban || r.bic ? { iban: r.iban, bic: r.bic } : null,
    serviceProvider: { id: r.serviceProviderId, name: names.serviceProviderName ?? '' },
    merchantService: r.merchantServiceId ? { id: r.merchantServiceId, name: names.merchantName ?? '' } : null,
    merchantServiceId: r.merchantServiceId,
    serviceProviderId: r.serviceProviderId,
    spWalletId: r.spWalletId,
    accountCategoryId: r.accountCategoryId,
    coveringModel: r.coveringModel,
    pricingModel: r.pricingModel,
    isDippingAllowed: r.isDippingAllowed,
    dippedWalletId: r.dippedWalletId,
    linkedWalletTspId: r.linkedWalletTspId,
    vpa: r.vpa,
    statusChangedBy: r.statusChangedBy,
    statusChangedAt: r.statusChangedAt?.toISOString() ?? null,
    statusReason: r.statusReason,
    ...(withPosition ? { position: positionOf(r, position ?? undefined, rates) } : {}),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt?.toISOString() ?? null,
  };
}

/** Wallet answers for rows already read: names of countries, banks and TSPs looked up once per page. @internal used by its tests */
export async function walletDtos(db: Db, rows: WalletRow[], withPosition: boolean): Promise<Wallet[]> {
  if (rows.length === 0) return [];
  const unique = (values: Array<string | null>) => [...new Set(values.filter((v): v is string => v !== null))];
  const countryCodes = unique(rows.map((r) => r.countryCode));
  const bankCodes = unique(rows.map((r) => r.bankCode));
  // One lookup names both the TSPs and the merchants of the page.
  const orgIds = unique(rows.flatMap((r) => [r.serviceProviderId, r.merchantServiceId]));
  const currencyCodes = unique(rows.map((r) => r.currencyCode));
  const [countryRows, bankRows, orgRows, positions, currencyRows, rates] = await Promise.all([
    db.select({ code: countries.code, name: countries.name }).from(countries).where(inArray(countries.code, countryCodes)),
    bankCodes.length > 0 ? db.select({ code: banks.code, name: banks.name }).from(banks).where(inArray(banks.code, bankCodes)) : Promise.resolve([]),
    db.select({ id: organisations.id, name: organisations.name }).from(organisations).where(inArray(organisations.id, orgIds)),
    withPosition
      ? positionsFor(
          db,
          rows.map((r) => r.id),
        )
      : Promise.resolve(new Map<string, PositionRow>()),
    db.select({ code: currencies.code, countryCode: currencies.countryCode }).from(currencies).where(inArray(currencies.code, currencyCodes)),
    withPosition ? currentRatesToLocal(db, currencyCodes) : Promise.resolve(new Map<string, DecimalValue>()),
  ]);
  const currencyCountry = new Map(currencyRows.map((c) => [c.code, c.countryCode]));
  const countryName = new Map(countryRows.map((c) => [c.code, c.name]));
  const bankName = new Map(bankRows.map((b) => [b.code, b.name]));
  const orgName = new Map(orgRows.map((o) => [o.id, o.name]));
  return rows.map((r) =>
    walletAnswer(
      r,
      {
        currencyCountry: currencyCountry.get(r.currencyCode) ?? null,
        countryName: countryName.get(r.countryCode) ?? null,
        bankName: r.bankCode ? (bankName.get(r.bankCode) ?? null) : null,
        serviceProviderName: orgName.get(r.serviceProviderId) ?? null,
        merchantName: r.merchantServiceId ? (orgName.get(r.merchantServiceId) ?? null) : null,
      },
      positions.get(r.id),
      withPosition,
      rates,
    ),
  );
}

export async function walletDto(db: Db, row: WalletRow, withPosition = true): Promise<Wallet> {
  const [dto] = await walletDtos(db, [row], withPosition);
  if (!dto) throw new Error('wallet answer missing');
  return dto;
}
