import { and, arrayContains, asc, eq, ilike, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { organisations } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { requireOrg } from '../auth/caller.ts';
import type { CallRegistrar } from '../http/registrar.ts';
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

async function organisation(db: Db, id: string, type: OrganisationRow['type'], extra?: SQL): Promise<OrganisationRow> {
  const where = and(eq(organisations.id, id), eq(organisations.type, type), extra);
  const [row] = await db.select().from(organisations).where(where);
  const label = type === 'MERCHANT' ? 'merchant service' : 'service provider';
  if (!row) throw new AppError('NOT_FOUND', `No ${label} ${id}`);
  return row;
}

const isSp = eq(organisations.type, 'SERVICE_PROVIDER');
const isMerchant = eq(organisations.type, 'MERCHANT');

export function registerOrganisationRoutes(r: CallRegistrar): void {
  r.serve('serviceProviders.internalList', async ({ db, query }) => {
    const page = await listResource(db, organisationResource, query, isSp);
    return { ...page, content: page.content.map((row) => serviceProviderOf(row)) };
  });

  r.serve('serviceProviders.internalById', async ({ db, params }) =>
    serviceProviderOf(await organisation(db, params.id, 'SERVICE_PROVIDER')),
  );

  // A TSP user reads its own service provider only; another id is as good as absent.
  r.serve('serviceProviders.byId', async ({ caller, db, params }) => {
    if (params.id !== requireOrg(caller)) throw new AppError('NOT_FOUND', `No service provider ${params.id}`);
    return serviceProviderOf(await organisation(db, params.id, 'SERVICE_PROVIDER'));
  });

  r.serve('serviceProviders.forMerchantList', async ({ caller, db, query }) => {
    const merchant = await organisation(db, requireOrg(caller), 'MERCHANT');
    const scope =
      query.incAssociatedTsp === false && merchant.parentId ? and(isSp, ne(organisations.id, merchant.parentId)) : isSp;
    const page = await listResource(db, organisationResource, query, scope);
    return { ...page, content: page.content.map((row) => serviceProviderOf(row, row.id === merchant.parentId)) };
  });

  r.serve('serviceProviders.forMerchantById', async ({ caller, db, params }) => {
    const merchant = await organisation(db, requireOrg(caller), 'MERCHANT');
    const row = await organisation(db, params.serviceProviderId, 'SERVICE_PROVIDER');
    return serviceProviderOf(row, row.id === merchant.parentId);
  });

  r.serve('merchantServices.byId', async ({ caller, db, params }) => {
    if (params.id !== requireOrg(caller)) throw new AppError('NOT_FOUND', `No merchant service ${params.id}`);
    return merchantServiceOf(await organisation(db, params.id, 'MERCHANT'));
  });

  r.serve('merchantServices.internalById', async ({ db, params }) =>
    merchantServiceOf(await organisation(db, params.id, 'MERCHANT')),
  );

  r.serve('merchantServices.internalList', async ({ db, query }) => {
    const page = await listResource(db, organisationResource, query, isMerchant);
    return { ...page, content: page.content.map(merchantServiceOf) };
  });
}
