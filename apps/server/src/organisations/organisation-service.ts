import { and, arrayContains, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { organisations } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { foreignId } from '../tenant/foreign-id.ts';
import { listResource, type ResourceSpec } from '../http/resource-engine.ts';
import { merchantServiceOf, serviceProviderOf, type OrganisationRow } from './organisation-dto.ts';

type OrgQuery = {
  page: number;
  size: number;
  sort?: string[] | undefined;
  query?: string | undefined;
  countryCode?: string | undefined;
  currencyCode?: string | undefined;
  ids?: string[] | undefined;
  serviceProviderId?: string | undefined;
};

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const organisationResource: ResourceSpec<typeof organisations, OrgQuery> = {
  table: organisations,
  filters: {
    query: (q: string) => or(ilike(organisations.name, like(q)), ilike(organisations.code, like(q))),
    countryCode: (c: string) => eq(organisations.countryCode, c.toUpperCase()),
    currencyCode: (c: string) => arrayContains(organisations.currencyCodes, [c.toUpperCase()]),
    ids: (ids: string[]) => inArray(organisations.id, ids),
    serviceProviderId: (id: string) => eq(organisations.parentId, id),
  },
  sortKeys: {
    name: organisations.name,
    code: organisations.code,
    countryCode: organisations.countryCode,
    status: organisations.status,
    createdAt: organisations.createdAt,
  },
  defaultSort: [asc(organisations.name), asc(organisations.id)],
};

/**
 * One organisation of a type; another type or id is as good as absent.
 */
async function organisation(db: Db, id: string, type: OrganisationRow['type'], extra?: SQL): Promise<OrganisationRow> {
  const where = and(eq(organisations.id, id), eq(organisations.type, type), extra);
  const [row] = await db.select().from(organisations).where(where);
  const label = type === 'MERCHANT' ? 'merchant service' : 'service provider';
  if (!row) throw new AppError('NOT_FOUND', `No ${label} ${id}`);
  return row;
}

/**
 * A merchant a body or query names. A TSP names only its own merchants; operations (tspId null)
 * any merchant. Anything else is a 404 naming the field.
 */
export async function ownMerchant(db: Db, tspId: string | null, id: string, field: string): Promise<OrganisationRow> {
  const where = and(eq(organisations.id, id), eq(organisations.type, 'MERCHANT'), tspId === null ? undefined : eq(organisations.parentId, tspId));
  const [row] = await db.select().from(organisations).where(where);
  if (!row) throw foreignId(field, 'merchant service', id);
  return row;
}

/** A service provider a body or query names: the caller's own (or any, for operations: ownId null). */
export async function ownServiceProvider(db: Db, ownId: string | null, id: string, field: string): Promise<OrganisationRow> {
  if (ownId !== null && id !== ownId) throw foreignId(field, 'service provider', id);
  const [row] = await db
    .select()
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.type, 'SERVICE_PROVIDER')));
  if (!row) throw foreignId(field, 'service provider', id);
  return row;
}

const isSp = eq(organisations.type, 'SERVICE_PROVIDER');
const isMerchant = eq(organisations.type, 'MERCHANT');

export async function listServiceProviders(db: Db, query: OrgQuery) {
  const page = await listResource(db, organisationResource, query, isSp);
  return { ...page, content: page.content.map((row) => serviceProviderOf(row)) };
}

export async function serviceProviderById(db: Db, id: string) {
  return serviceProviderOf(await organisation(db, id, 'SERVICE_PROVIDER'));
}

/** A TSP user reads its own service provider only; another id is as good as absent. */
export async function ownServiceProviderById(db: Db, tspId: string, id: string) {
  if (id !== tspId) throw new AppError('NOT_FOUND', `No service provider ${id}`);
  return serviceProviderById(db, id);
}

/** Service providers as a merchant sees them: its own flagged as associated, or left out on request. */
export async function serviceProvidersForMerchant(db: Db, merchantId: string, query: OrgQuery & { incAssociatedTsp?: boolean | undefined }) {
  const merchant = await organisation(db, merchantId, 'MERCHANT');
  const scope = query.incAssociatedTsp === false && merchant.parentId ? and(isSp, ne(organisations.id, merchant.parentId)) : isSp;
  const page = await listResource(db, organisationResource, query, scope);
  return { ...page, content: page.content.map((row) => serviceProviderOf(row, row.id === merchant.parentId)) };
}

export async function serviceProviderForMerchant(db: Db, merchantId: string, id: string) {
  const merchant = await organisation(db, merchantId, 'MERCHANT');
  const row = await organisation(db, id, 'SERVICE_PROVIDER');
  return serviceProviderOf(row, row.id === merchant.parentId);
}

/** A merchant user reads its own merchant service only. */
export async function ownMerchantById(db: Db, merchantId: string, id: string) {
  if (id !== merchantId) throw new AppError('NOT_FOUND', `No merchant service ${id}`);
  return merchantById(db, id);
}

export async function merchantById(db: Db, id: string) {
  return merchantServiceOf(await organisation(db, id, 'MERCHANT'));
}

export async function listMerchants(db: Db, query: OrgQuery) {
  const page = await listResource(db, organisationResource, query, isMerchant);
  return { ...page, content: page.content.map(merchantServiceOf) };
}
