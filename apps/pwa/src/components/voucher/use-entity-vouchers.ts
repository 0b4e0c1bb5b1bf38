import { useCallback } from 'react';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { vouchersOf } from './voucher-format.ts';
import type { VoucherView } from './voucher-types.ts';

/**
 * The vouchers of an entity (a transaction, a wallet or a voucher itself: GET
 * /v1/accounting/{entityId}), read from the local cache first and refreshed from the network.
 */
export function useEntityVouchers(entityId: string | null) {
  const id = entityId ?? '';
  const fetch = useCallback(() => api.call<'accounting.entry'>('accounting.entry', { path: { entityId: id } }), [id]);
  const state = useLocalFirst({ key: cacheKey('accounting.entry', { entityId: id }), fetch, enabled: entityId !== null });
  const vouchers: VoucherView[] = state.data ? vouchersOf(state.data.content) : [];
  return { ...state, vouchers };
}
