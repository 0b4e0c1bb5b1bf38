import { RateCallError } from '@/components/rates/rate-call-error.tsx';
import { DataTable, type DataTableProps } from '@/components/data-table/data-table.tsx';
import type { LocalFirstState } from '@/lib/local-first/use-local-first.ts';
import { EmptyRates } from './rate-feeds-screen.tsx';

interface Page<TRow> {
  content: readonly TRow[];
  totalElements: number;
}

type FromList = 'data' | 'total' | 'loading' | 'updatedAt' | 'offline' | 'emptyState';

/**
 * A server-paged rate or markup list read through the device cache: the call's refusal above the table
 * while nothing is saved, the saved page with its age (offline too), and the empty state that says why.
 */
export function RatePageTable<TRow>({ list, ...table }: { list: LocalFirstState<Page<TRow>> } & Omit<DataTableProps<TRow>, FromList>) {
  return (
    <>
      {list.data === undefined && <RateCallError error={list.error} />}
      <DataTable
        {...table}
        data={list.data?.content ?? []}
        total={list.data?.totalElements ?? 0}
        loading={list.loading}
        updatedAt={list.updatedAt ?? undefined}
        offline={list.offline}
        emptyState={<EmptyRates failed={list.error !== null || list.offline} />}
      />
    </>
  );
}
