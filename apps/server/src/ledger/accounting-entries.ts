import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { accountingEntryFilter } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { voucherLines, vouchers } from '../db/schema.ts';
import { listResource, type ResourceSpec } from '../http/resource-engine.ts';
import { plain } from '../lib/money-text.ts';

type VoucherRow = typeof vouchers.$inferSelect;
type EntryFilter = z.output<typeof accountingEntryFilter>;

const entryResource: ResourceSpec<typeof vouchers, EntryFilter> = {
  table: vouchers,
  filters: {
    voucherNo: (v) => eq(vouchers.voucherNo, v),
    transactionId: (v) => eq(vouchers.transactionId, v),
    tspId: (v) => eq(vouchers.tspId, v),
    tspWalletId: (v) => eq(vouchers.tspWalletId, v),
    merchantId: (v) => eq(vouchers.merchantId, v),
    msWalletId: (v) => eq(vouchers.msWalletId, v),
    // Every stored entry carries its voucher: asking for entries without one finds none.
    voucherExists: (v) => (v ? undefined : sql`false`),
    category: (v) => eq(vouchers.category, v),
    subCategory: (v) => eq(vouchers.subCategory, v),
    transactionType: (v) => eq(vouchers.transactionType, v),
  },
  sortKeys: { voucherDate: vouchers.voucherDate, voucherNo: vouchers.voucherNo, createdAt: vouchers.postedAt, category: vouchers.category },
  defaultSort: [desc(vouchers.postedAt), asc(vouchers.id)],
};

/** Vouchers with their lines (shell, section 3 "Voucher"). */
async function voucherBodies(db: Db, rows: VoucherRow[]) {
  const lines =
    rows.length > 0
      ? await db
          .select()
          .from(voucherLines)
          .where(
            inArray(
              voucherLines.voucherId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(voucherLines.lineNo))
      : [];
  return new Map(
    rows.map((v) => [
      v.id,
      {
        voucherNo: v.voucherNo,
        branchName: v.branchName,
        modifiedBy: v.modifiedBy,
        modifiedDate: v.modifiedDate?.toISOString() ?? null,
        status: v.status,
        voucherDate: v.voucherDate,
        totalCreditAmountInLc: plain(v.totalCreditAmountInLc),
        totalDebitAmountInLc: plain(v.totalDebitAmountInLc),
        voucherDetails: lines
          .filter((l) => l.voucherId === v.id)
          .map((l) => ({
            accountName: l.accountName,
            accountCode: l.accountCode,
            accountCcyCode: l.accountCcyCode,
            rate: plain(l.rate),
            debitORCredit: l.debitOrCredit,
            amountInFC: plain(l.amountInFc),
            amountInLC: plain(l.amountInLc),
            description1: l.description1,
            description2: l.description2,
          })),
      },
    ]),
  );
}

async function entries(db: Db, rows: VoucherRow[], withRelated: boolean) {
  const related: VoucherRow[] = [];
  const txIds = [...new Set(rows.flatMap((r) => (r.transactionId ? [r.transactionId] : [])))];
  if (withRelated && txIds.length > 0) {
    related.push(...(await db.select().from(vouchers).where(inArray(vouchers.transactionId, txIds)).orderBy(asc(vouchers.postedAt))));
  }
  const bodies = await voucherBodies(db, [...rows, ...related]);
  return rows.map((v) => ({
    id: v.id,
    voucherNo: v.voucherNo,
    transactionId: v.transactionId,
    tspId: v.tspId,
    tspWalletId: v.tspWalletId,
    merchantId: v.merchantId,
    msWalletId: v.msWalletId,
    category: v.category,
    subCategory: v.subCategory,
    transactionType: v.transactionType,
    voucher: bodies.get(v.id) ?? null,
    ...(withRelated
      ? { relatedVouchers: related.filter((o) => o.transactionId === v.transactionId && o.id !== v.id).flatMap((o) => bodies.get(o.id) ?? []) }
      : {}),
    createdAt: v.createdAt.toISOString(),
  }));
}

export async function accountingEntryPage(db: Db, scope: SQL | undefined, q: EntryFilter) {
  const page = await listResource(db, entryResource, q, scope);
  return { ...page, content: await entries(db, page.content, q.includeRelatedVouchers === true) };
}

/** Entries of one entity: a transaction, a wallet (either side) or a voucher itself. */
/** The call takes no paging: every entry of the entity comes back on one page. */
export async function entityEntries(db: Db, scope: SQL | undefined, entityId: string) {
  const byEntity = or(
    eq(vouchers.transactionId, entityId),
    eq(vouchers.tspWalletId, entityId),
    eq(vouchers.msWalletId, entityId),
    eq(vouchers.id, entityId),
    eq(vouchers.voucherNo, entityId),
  ) as SQL;
  const page = await listResource(db, { ...entryResource, filters: {} }, { page: 0, size: 10000 } as EntryFilter, scope ? and(scope, byEntity) : byEntity);
  return { ...page, content: await entries(db, page.content, true) };
}
