import { useEffect, useState } from 'react';
import type { CurrentUser } from '@corridor/api';
import { api } from '@/lib/api-client.ts';

type CompanyState = { key: string; name: string | null; failed: boolean };

/** The company of the user, loaded through parentId (merchant service or service provider). */
export function useCompanyName(user: CurrentUser | null): { name: string | null; loading: boolean } {
  const key = user?.parentId ? `${user.role}:${user.parentId}` : '';
  const [state, setState] = useState<CompanyState>({ key: '', name: null, failed: false });

  useEffect(() => {
    if (!user?.parentId) return;
    const id = user.parentId;
    let cancelled = false;
    const load =
      user.role === 'SERVICE_PROVIDER'
        ? api.call<'serviceProviders.byId'>('serviceProviders.byId', { path: { id } })
        : api.call<'merchantServices.byId'>('merchantServices.byId', { path: { id } });
    load.then(
      (company) => {
        if (!cancelled) setState({ key, name: company.name, failed: false });
      },
      () => {
        // The error was already reported through the catalogue; the block shows '-'.
        if (!cancelled) setState({ key, name: null, failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [key, user?.parentId, user?.role]);

  if (!key) return { name: null, loading: false };
  const current = state.key === key;
  return { name: current ? state.name : null, loading: !current };
}
