import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimestamp } from '@corridor/domain';
import type { ColumnDef } from '@/components/data-table/column-def.ts';
import { ListTable } from '@/components/data-table/list-table.tsx';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { defaultTableState, type TableState } from '@/lib/table-state-search.ts';
import { groupBatches, type BatchSummary } from './mass-batches.ts';

const PAGE = 2000;
/** A batch reference starts with this; the list filter matches it anywhere, the grouping keeps only real batches. */
const BATCH_FILTER = 'MP-';

/** Every payment of a mass payment file of the TSP's merchants, read page by page. */
async function batchPayments() {
  const all = [];
  for (let page = 0; ; page++) {
    const res = await api.call<'spPayments.list'>('spPayments.list', { query: { referenceNumber: BATCH_FILTER, page, size: PAGE } });
    all.push(...res.content);
    if (res.content.length < PAGE || all.length >= res.totalElements) return all;
  }
}

function batchColumns(t: (key: string) => string): ColumnDef<BatchSummary>[] {
  return [
    {
      id: 'batch',
      header: 'massPayments.batches.batch',
      cell: (b) => (
        <span className="flex flex-col">
          <bdi dir="ltr" className="font-mono text-sm">
            {b.batch}
          </bdi>
          <span className="text-xs text-muted-foreground">{b.firstAt ? formatTimestamp(b.firstAt) : ''}</span>
        </span>
      ),
    },
    { id: 'merchant', header: 'massPayments.batches.merchant', cell: (b) => b.merchantName },
    { id: 'count', header: 'massPayments.batches.count', align: 'end', cell: (b) => <span className="tabular-nums">{b.count}</span> },
    {
      id: 'byStatus',
      header: 'massPayments.batches.byStatus',
      cell: (b) => (
        <ul className="flex flex-col gap-1" aria-label={t('massPayments.batches.byStatus')}>
          {b.byStatus.map((s) => (
            <li key={`${s.status}-${s.currency}`} className="flex flex-wrap items-center gap-2">
              <StatusCell status={s.status} />
              <span dir="ltr" className="tabular-nums">
                {s.count} · {s.total} {s.currency}
              </span>
            </li>
          ))}
        </ul>
      ),
    },
  ];
}

/** service-provider/transactions/mass-payments/list/overview: its merchants' files, with counts and totals by status. */
export function SpMassBatchesScreen({ onOpen }: { onOpen: (batch: string) => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<TableState>(defaultTableState);
  const list = useLocalFirst({ key: cacheKey('spPayments.list', { referenceNumber: BATCH_FILTER, all: true }), fetch: batchPayments });
  const batches = useMemo(() => groupBatches(list.data ?? []), [list.data]);
  const columns = useMemo(() => batchColumns(t), [t]);
  return (
    <div className="flex flex-col gap-5" data-testid="mass-batches-screen">
      <PageHeader title={t('massPayments.batches.title')} description={t('massPayments.batches.subtitle')} count={batches.length} />
      <div data-testid="mass-batches">
        <ListTable
          list={list}
          rows={batches}
          columns={columns}
          serverSidePagination={false}
          table={{ state, onStateChange: setState }}
          getRowId={(b) => b.batch}
          onRowClick={(b) => onOpen(b.batch)}
          label={t('massPayments.batches.title')}
          empty={<p className="p-6 text-center text-sm text-muted-foreground">{t('massPayments.batches.empty')}</p>}
        />
      </div>
    </div>
  );
}
