import { useState, type FormEvent } from 'react';
import { CalendarRange } from 'lucide-react';
import { userTimeZone } from '@/lib/user-time-zone.ts';
import {
  FILTER_BOX_WIDTH,
  QUICK_DATE_OPTIONS,
  formatDate,
  isStartDateDisabled,
  quickDateRange,
  toCalendarDate,
  toggleQuickDate,
  type QuickDateOption,
} from '@corridor/domain';
import { Input } from '@/components/ui/input.tsx';
import { cn } from '@/lib/cn.ts';
import type { RangeFilterValue } from '@/lib/table-state-search.ts';
import { useDataTableText, type DataTableTextName } from './data-table-texts.ts';
import { FilterFooter, FilterPopover, FilterTrigger } from './filter-popover.tsx';

export interface DateRangeFilterProps {
  columnId: string;
  label: string;
  value: RangeFilterValue | undefined;
  onApply: (value: RangeFilterValue | null) => void;
  /** The user's time zone for the quick options' "today" (the host's when absent). */
  timeZone?: string;
}

const QUICK_TEXT: Record<QuickDateOption, DataTableTextName> = {
  '1D': 'quickOneDay',
  '2D': 'quickTwoDays',
  '3D': 'quickThreeDays',
  '1W': 'quickOneWeek',
  '1M': 'quickOneMonth',
};

/** An ISO calendar date as the spec shows dates (dd/MM/yyyy); '' stays ''. */
function shown(iso: string): string {
  return iso === '' ? '' : formatDate(iso, 'UTC');
}

/** What the user typed (dd/MM/yyyy) as an ISO calendar date; null when it is not a real date. */
function parsed(text: string): string | null {
  if (!/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(text.trim())) return null;
  try {
    return toCalendarDate(text.trim(), 'UTC');
  } catch {
    return null;
  }
}

/**
 * A from/to date filter: the spec's quick options (one day ... one month; clicking the selected one
 * again clears it) and dates typed as dd/MM/yyyy, whatever the browser's own date format; spec 5:
 * "start date cannot be after end date". The value stays ISO in the URL and the query.
 */
export function DateRangeFilter({ columnId, label, value, onApply, timeZone }: DateRangeFilterProps) {
  const text = useDataTableText();
  const [open, setOpen] = useState(false);
  const [fromText, setFromText] = useState(shown(value?.from ?? ''));
  const [toText, setToText] = useState(shown(value?.to ?? ''));
  const [quick, setQuick] = useState<QuickDateOption | null>(null);
  const from = parsed(fromText);
  const to = parsed(toText);
  const invalid = (fromText !== '' && from === null) || (toText !== '' && to === null);
  const complete = from !== null && to !== null;
  const dirty = (from ?? '') !== (value?.from ?? '') || (to ?? '') !== (value?.to ?? '');
  const reversed = complete && isStartDateDisabled(from, to);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setFromText(shown(value?.from ?? ''));
      setToText(shown(value?.to ?? ''));
      setQuick(null);
    }
    setOpen(next);
  };
  const pickQuick = (option: QuickDateOption) => {
    const next = toggleQuickDate(quick, option, false);
    setQuick(next);
    const range = next === null ? { from: '', to: '' } : quickDateRange(next, timeZone ?? userTimeZone(), new Date());
    setFromText(shown(range.from));
    setToText(shown(range.to));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || reversed) return;
    onApply({ from, to });
    setOpen(false);
  };
  const reset = () => {
    setFromText('');
    setToText('');
    setQuick(null);
    onApply(null);
    setOpen(false);
  };

  return (
    <FilterPopover
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <FilterTrigger
          testId={`data-table-filter-${columnId}`}
          label={text('filterColumn', { column: label })}
          active={value !== undefined}
          icon={CalendarRange}
        />
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-2" style={{ width: FILTER_BOX_WIDTH }}>
        <div className="flex flex-wrap gap-1" role="group" aria-label={text('quickDates')}>
          {QUICK_DATE_OPTIONS.map((option) => (
            <button
              key={option.value}
              type="button"
              data-testid={`date-quick-${option.value}`}
              aria-pressed={quick === option.value}
              onClick={() => pickQuick(option.value)}
              className={cn(
                'rounded-full border px-2 py-0.5 text-xs',
                quick === option.value ? 'border-primary bg-primary text-primary-foreground' : 'text-foreground hover:bg-muted',
              )}
            >
              {text(QUICK_TEXT[option.value])}
            </button>
          ))}
        </div>
        <label className="flex flex-col gap-1 text-xs">
          {text('fromDate')}
          <Input
            inputMode="numeric"
            placeholder={text('datePattern')}
            data-testid="date-range-from"
            value={fromText}
            aria-invalid={fromText !== '' && from === null}
            onChange={(e) => {
              setFromText(e.target.value);
              setQuick(null);
            }}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs">
          {text('toDate')}
          <Input
            inputMode="numeric"
            placeholder={text('datePattern')}
            data-testid="date-range-to"
            value={toText}
            aria-invalid={toText !== '' && to === null}
            onChange={(e) => {
              setToText(e.target.value);
              setQuick(null);
            }}
          />
        </label>
        {invalid && (
          <p role="alert" className="text-xs text-destructive">
            {text('dateInvalid')}
          </p>
        )}
        {reversed && (
          <p role="alert" className="text-xs text-destructive">
            {text('dateRangeInvalid')}
          </p>
        )}
        <FilterFooter resetDisabled={!dirty && value === undefined} onReset={reset} applyDisabled={!dirty || !complete || reversed} />
      </form>
    </FilterPopover>
  );
}
