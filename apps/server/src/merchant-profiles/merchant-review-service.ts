import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { assessment, merchantSummary, merchantSummaryFilter } from '@corridor/api';
import type { Db } from '../db/database.ts';
import { organisations } from '../db/schema.ts';
import { readPage, type PageRequest } from '../http/paging.ts';
import { ownMarkupProfile } from '../pricing-config/markup-service.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { merchantProfiles } from './merchant-profile-schema.ts';
import { profileIn } from './merchant-profile-service.ts';
import { decisionDto, effectiveStatusSql, lastDecisionSql, type RawDecision } from './merchant-authorization-record.ts';

type SummaryFilter = z.output<typeof merchantSummaryFilter>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The summary's columns; the status is the authorization's at `now` (an ACTIVE one past its end reads EXPIRED). */
const summaryColumns = (now: Date) => ({
  merchantServiceId: organisations.id,
  name: organisations.name,
  merchantProfileStatus: sql<string | null>`${effectiveStatusSql(now)}`,
  markupProfileId: organisations.markupProfileId,
  walletCount: sql<number>`(select count(*)::int from wallets w where w.merchant_service_id = ${organisations.id})`,
  currencies: sql<string[]>`coalesce((select array_agg(distinct w.currency_code) from wallets w where w.merchant_service_id = ${organisations.id}), '{}')`,
  merchantProfileId: merchantProfiles.id,
  authorizationExpiresAt: merchantProfiles.authorizationExpiresAt,
  submittedById: merchantProfiles.createdBy,
  submittedByName: sql<string | null>`(select u.name from users u where u.id = ${merchantProfiles.createdBy})`,
  lastDecision: sql<RawDecision | string | null>`(case when ${merchantProfiles.id} is null then null else ${lastDecisionSql} end)`,
});

/** The merchant and its profile at its own TSP (the relation the summary's status is of). */
function summaryFrom(db: Db, where: SQL | undefined, now: Date) {
  return db
    .select(summaryColumns(now))
    .from(organisations)
    .leftJoin(merchantProfiles, and(eq(merchantProfiles.merchantId, organisations.id), eq(merchantProfiles.serviceProviderId, organisations.parentId)))
    .where(where);
}

function summaryDto(row: {
  merchantServiceId: string;
  name: string;
  merchantProfileStatus: string | null;
  markupProfileId: string | null;
  walletCount: number;
  currencies: string[];
  merchantProfileId: string | null;
  authorizationExpiresAt: Date | null;
  submittedById: string | null;
  submittedByName: string | null;
  lastDecision: RawDecision | string | null;
}) {
  const dto: z.input<typeof merchantSummary> = {
    merchantServiceId: row.merchantServiceId,
    name: row.name,
    merchantProfileStatus: row.merchantProfileStatus,
    markupProfileId: row.markupProfileId,
    walletCount: Number(row.walletCount),
    currencies: [...row.currencies].sort(),
    merchantProfileId: row.merchantProfileId,
    authorizationExpiresAt: row.authorizationExpiresAt?.toISOString() ?? null,
    submittedBy: row.submittedById === null ? null : { id: row.submittedById, name: row.submittedByName ?? row.submittedById },
    lastDecision: decisionDto(row.lastDecision),
  };
  return dto;
}

function summaryWhere(tspId: string | null, query: Partial<SummaryFilter>, now: Date): SQL | undefined {
  return and(
    eq(organisations.type, 'MERCHANT'),
    tspId === null ? undefined : eq(organisations.parentId, tspId),
    query.name ? ilike(organisations.name, `%${escapeLike(query.name)}%`) : undefined,
    query.merchantId ? eq(organisations.id, query.merchantId) : undefined,
    query.markupProfileId ? eq(organisations.markupProfileId, query.markupProfileId) : undefined,
    query.merchantProfileStatus ? sql`${effectiveStatusSql(now)} = ${query.merchantProfileStatus}` : undefined,
  );
}

/**
 * The ids a TSP's summary filter names must be its own: another TSP's merchant (merchantId) or markup profile
 * (markupProfileId) is a 404 naming the field, as a path id would be, never an empty page that looks like an answer.
 */
async function checkSummaryFilter(db: Db, tspId: string, query: Partial<SummaryFilter>): Promise<void> {
  if (query.merchantId) {
    const [merchant] = await db
      .select({ id: organisations.id })
      .from(organisations)
      .where(and(eq(organisations.id, query.merchantId), eq(organisations.type, 'MERCHANT'), eq(organisations.parentId, tspId)));
    if (!merchant) throw foreignId('merchantId', 'merchant service', query.merchantId);
  }
  if (query.markupProfileId) await ownMarkupProfile(db, tspId, query.markupProfileId, 'markupProfileId');
}

/** Summary rows of merchants: a TSP's own (`tspId`), or every merchant for operations (null). */
export async function merchantSummaries(db: Db, tspId: string | null, query: SummaryFilter, now: Date) {
  if (tspId !== null) await checkSummaryFilter(db, tspId, query);
  const where = summaryWhere(tspId, query, now);
  const page = await readPage(
    query,
    summaryFrom(db, where, now).orderBy(asc(organisations.name), asc(organisations.id)),
    db
      .select({ n: count() })
      .from(organisations)
      .leftJoin(merchantProfiles, and(eq(merchantProfiles.merchantId, organisations.id), eq(merchantProfiles.serviceProviderId, organisations.parentId)))
      .where(where),
  );
  return { ...page, content: page.content.map(summaryDto) };
}

export async function merchantSummaryOf(db: Db, tspId: string, merchantId: string, now: Date) {
  const [row] = await summaryFrom(db, summaryWhere(tspId, { merchantId }, now), now);
  if (!row) throw foreignId('merchantServiceId', 'merchant service', merchantId);
  return summaryDto(row);
}

type ReviewKind = z.input<typeof assessment>['kind'];
type ReviewQuery = PageRequest & { merchantServiceId?: string | undefined; merchantProfileId?: string | undefined; statuses?: string[] | undefined };

/** The profile column each review is kept in. */
const REVIEW_COLUMN = {
  KYC: merchantProfiles.kycStatus,
  RISK_ASSESSMENT: merchantProfiles.riskScoringStatus,
  CREDIT_ASSESSMENT: merchantProfiles.creditScoringStatus,
  EXECUTIVE_DOCUMENTS: merchantProfiles.executiveDocumentsStatus,
} as const;

/** Statuses a review has not been decided in yet: no reviewer, no review date. */
const UNDECIDED = new Set(['NEW', 'REQUESTED']);

/**
 * One review of each of the TSP's merchant profiles. A review is the status the TSP keeps on the profile
 * (set with spUpdate); no score is computed yet, so `score` and `expiresAt` are null. Its reviewer and
 * date are those of the profile's last change, once the review left NEW / REQUESTED. The id is the
 * profile's, suffixed with the review kind, so each row names where it comes from.
 */
export async function listReviews(db: Db, tspId: string, kind: ReviewKind, query: ReviewQuery) {
  // A filter naming another TSP's merchant or profile is a 404 naming it, as its path would be.
  if (query.merchantServiceId) {
    const [relation] = await db
      .select({ id: merchantProfiles.id })
      .from(merchantProfiles)
      .where(and(eq(merchantProfiles.serviceProviderId, tspId), eq(merchantProfiles.merchantId, query.merchantServiceId)))
      .limit(1);
    if (!relation) throw foreignId('merchantServiceId', 'merchant service with a profile', query.merchantServiceId);
  }
  if (query.merchantProfileId) await profileIn(db, { serviceProviderId: tspId }, query.merchantProfileId, 'merchantProfileId');
  const column = REVIEW_COLUMN[kind];
  const where = and(
    eq(merchantProfiles.serviceProviderId, tspId),
    query.merchantServiceId ? eq(merchantProfiles.merchantId, query.merchantServiceId) : undefined,
    query.merchantProfileId ? eq(merchantProfiles.id, query.merchantProfileId) : undefined,
    query.statuses && query.statuses.length > 0 ? inArray(sql`${column}`, query.statuses) : undefined,
  );
  const page = await readPage(
    query,
    db.select({ p: merchantProfiles, status: column }).from(merchantProfiles).where(where).orderBy(asc(merchantProfiles.createdAt), asc(merchantProfiles.id)),
    db.select({ n: count() }).from(merchantProfiles).where(where),
  );
  return {
    ...page,
    content: page.content.map(({ p, status }) => {
      const decided = !UNDECIDED.has(status);
      const dto: z.input<typeof assessment> = {
        id: `${p.id}-${kind}`,
        merchantProfileId: p.id,
        merchantServiceId: p.merchantId,
        kind,
        status,
        score: null,
        reviewedBy: decided ? p.updatedBy : null,
        reviewedAt: decided ? (p.updatedAt ?? p.createdAt).toISOString() : null,
        expiresAt: null,
      };
      return dto;
    }),
  };
}
