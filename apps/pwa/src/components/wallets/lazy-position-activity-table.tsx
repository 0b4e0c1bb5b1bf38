import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import type { PositionActivityTable } from './position-activity-table.tsx';

/** The holds table's code loads when its view is first opened: the wallet page (near its size budget) stays small. */
const Table = lazy(() => import('./position-activity-table.tsx').then((module) => ({ default: module.PositionActivityTable })));

export function LazyPositionActivityTable(props: ComponentProps<typeof PositionActivityTable>) {
  return (
    <Suspense fallback={<Skeleton className="h-64 rounded-xl" />}>
      <Table {...props} />
    </Suspense>
  );
}
