import { useState, type FormEvent } from 'react';
import { CalendarRange } from 'lucide-react';
import { FILTER_BOX_WIDTH, isStartDateDisabled } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { RangeFilterValue } from '@/lib/table-state-search.ts';
import { useDataTableText } from './data-table-texts.ts';
import { FilterPopover, filterTriggerClass } from './filter-popover.tsx';

export interface DateRangeFilterProps {
  columnId: string;
  label: string;
  value: RangeFilterValue | undefined;
  onApply: (value: RangeFilterValue | null) => void;
}

/** A from/to date filter (ISO dates); spec 5: "start date cannot be after end date". */
export function DateRangeFilter({ columnId, label, value, onApply }: DateRangeFilterProps) {
  const text = useDataTableText();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState(value?.from ?? '');
  const [to, setTo] = useState(value?.to ?? '');
  const dirty = from !== (value?.from ?? '') || to !== (value?.to ?? '');
  const complete = from !== '' && to !== '';
  const reversed = complete && isStartDateDisabled(from, to);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setFrom(value?.from ?? '');
      setTo(value?.to ?? '');
    }
    setOpen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || reversed) return;
    onApply({ from, to });
    setOpen(false);
  };
  const reset = () => {
    setFrom('');
    setTo('');
    onApply(null);
    setOpen(false);
  };

  return (
    <FilterPopover
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <button
          type="button"
          data-testid={`data-table-filter-${columnId}`}
          aria-label={text('filterColumn', { column: label })}
          data-active={value !== undefined ? 'true' : 'false'}
          className={filterTriggerClass(value !== undefined)}
        >
          <CalendarRange className="size-3.5" />
        </button>
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-2" style={{ width: FILTER_BOX_WIDTH }}>
        <label className="flex flex-col gap-1 text-xs">
          {text('fromDate')}
          <Input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="flex flex-col gap-1 text-xs">
          {text('toDate')}
          <Input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </label>
        {reversed && (
          <p role="alert" className="text-xs text-destructive">
            {text('dateRangeInvalid')}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" size="sm" disabled={!dirty && value === undefined} onClick={reset}>
            {text('reset')}
          </Button>
          <Button type="submit" size="sm" disabled={!dirty || !complete || reversed}>
            {text('apply')}
          </Button>
        </div>
      </form>
    </FilterPopover>
  );
}
