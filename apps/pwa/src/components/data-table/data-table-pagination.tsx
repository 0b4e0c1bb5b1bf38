import { ChevronFirst, ChevronLast, ChevronLeft, ChevronRight } from 'lucide-react';
import type { TotalKind } from '@corridor/api';
import { formatAmount, PAGE_SIZES, pageRange } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { useDataTableText } from './data-table-texts.ts';
import { pageCount } from './table-sorting.ts';

export interface DataTablePaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** 'atLeast': the server stopped counting, `total` is a lower bound and there is no known last page. */
  totalKind?: TotalKind | undefined;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** A row number or total grouped like the amounts beside it ('10,020'): long totals are read at a glance. */
const grouped = (n: number): string => formatAmount(n, 0);

/** Footer: page size (10-50), "start-end of total" ("of N+" when the total is a lower bound), first/previous/next/last. */
export function DataTablePagination({ page, pageSize, total, totalKind, onPageChange, onPageSizeChange }: DataTablePaginationProps) {
  const text = useDataTableText();
  const range = pageRange(page, pageSize, total);
  const pages = pageCount(total, pageSize);
  const atLeast = totalKind === 'atLeast';
  const atFirst = page <= 1;
  // A lower-bound total always lies past the page (the server counts beyond it), so there is a next page.
  const atLast = page >= pages;

  return (
    <div className="flex flex-wrap items-center justify-end gap-4 px-2 py-2 text-sm">
      <label className="flex items-center gap-2">
        <span className="text-muted-foreground">{text('rowsPerPage')}</span>
        <select
          data-testid="data-table-page-size"
          className="h-8 rounded-md border border-input bg-transparent px-2"
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <span data-testid="data-table-range" className="tabular-nums">
        {text(atLeast ? 'rangeAtLeast' : 'range', { start: grouped(range.start), end: grouped(range.end), total: grouped(range.total) })}
      </span>
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          data-testid="data-table-first"
          aria-label={text('firstPage')}
          disabled={atFirst}
          onClick={() => onPageChange(1)}
        >
          <ChevronFirst className="rtl:rotate-180" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          data-testid="data-table-prev"
          aria-label={text('previousPage')}
          disabled={atFirst}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeft className="rtl:rotate-180" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          data-testid="data-table-next"
          aria-label={text('nextPage')}
          disabled={atLast}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRight className="rtl:rotate-180" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-8"
          data-testid="data-table-last"
          aria-label={text('lastPage')}
          disabled={atLast || atLeast}
          onClick={() => onPageChange(pages)}
        >
          <ChevronLast className="rtl:rotate-180" />
        </Button>
      </div>
    </div>
  );
}
