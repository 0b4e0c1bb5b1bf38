import type { CurrentUser } from '@corridor/api';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';

/**
 * The company of the user, loaded through parentId (merchant service or service provider). Kept on
 * the device like every other read, so the user block still names the company offline.
 */
export function useCompanyName(user: CurrentUser | null): { name: string | null; loading: boolean } {
  const id = user?.parentId ?? '';
  const isTsp = user?.role === 'SERVICE_PROVIDER';
  const callId = isTsp ? 'serviceProviders.byId' : 'merchantServices.byId';
  const company = useLocalFirst<{ name: string }>({
    key: cacheKey(callId, { path: { id } }),
    enabled: id !== '',
    fetch: () =>
      isTsp
        ? api.call<'serviceProviders.byId'>('serviceProviders.byId', { path: { id } })
        : api.call<'merchantServices.byId'>('merchantServices.byId', { path: { id } }),
  });
  if (id === '') return { name: null, loading: false };
  // Nothing on the device yet and no refusal or network failure either: the first answer is on its way
  // (or being written to the device), so the block shows a placeholder rather than '-'.
  const waiting = company.data === undefined && !company.offline && company.error === null;
  return { name: company.data?.name ?? null, loading: company.loading || waiting };
}
