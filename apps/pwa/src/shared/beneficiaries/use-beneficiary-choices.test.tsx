import 'fake-indexeddb/auto';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession } from '@/test/fake-session.ts';
import { useBeneficiaryChoices } from './use-beneficiary-choices.ts';

const calls: Array<{ id: string; input: unknown }> = [];
const rows = [
  { id: 'b-1', displayName: 'Thames Packaging', currencyCode: 'GBP', status: 'ACTIVE' },
  { id: 'b-2', displayName: 'Rhine Machines', currencyCode: 'EUR', status: 'ACTIVE' },
];

vi.mock('@/lib/api-client.ts', () => ({
  api: {
    call: (id: string, input: unknown) => {
      calls.push({ id, input });
      return Promise.resolve({ content: rows, totalElements: rows.length, totalPages: 1, number: 0, size: 500 });
    },
  },
}));

describe('useBeneficiaryChoices', () => {
  it('asks for active beneficiaries only and narrows them to the payment currency', async () => {
    const { session } = fakeSession({ token: 't' });
    session.start();
    await waitFor(() => expect(session.getSnapshot().context.user).not.toBeNull());
    const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider session={session}>{children}</SessionProvider>;
    const { result } = renderHook(() => useBeneficiaryChoices('EUR'), { wrapper });
    await waitFor(() => expect(result.current.choices.map((b) => b.id)).toEqual(['b-2']));
    expect(calls[0]).toMatchObject({ id: 'beneficiaries.list', input: { query: { status: 'ACTIVE', page: 0, size: 500 } } });
  });
});
