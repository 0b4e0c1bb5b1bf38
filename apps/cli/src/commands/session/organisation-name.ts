import type { CurrentUser } from '@corridor/api';
import type { CorridorApi } from '../../client/corridor-api.ts';

/** Where the portal loads the company of a user by parentId (shell, section 2, "user block"). */
function companyPath(user: CurrentUser): string | undefined {
  if (user.parentId === null) return undefined;
  const id = encodeURIComponent(user.parentId);
  if (user.organisationType === 'MERCHANT') return `/v1/merchant-service/${id}`;
  if (user.organisationType === 'SERVICE_PROVIDER') return `/v1/service-provider/${id}`;
  return undefined;
}

/** The company name of the user's organisation, or undefined for internal users. */
export async function organisationName(api: CorridorApi, user: CurrentUser): Promise<string | undefined> {
  const path = companyPath(user);
  if (path === undefined) return undefined;
  const company = (await api.request('GET', path)) as { name?: unknown } | undefined;
  return typeof company?.name === 'string' ? company.name : undefined;
}
