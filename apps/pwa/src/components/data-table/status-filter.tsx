import { useState } from 'react';
import { ListFilter } from 'lucide-react';
import { FILTER_BOX_WIDTH, FILTER_LIST_MAX_HEIGHT, filterOptions } from '@corridor/domain';
import { Input } from '@/components/ui/input.tsx';
import type { FilterOption } from './column-def.ts';
import { useDataTableText } from './data-table-texts.ts';
import { FilterFooter, FilterPopover, FilterTrigger } from './filter-popover.tsx';

export interface StatusFilterProps {
  columnId: string;
  label: string;
  options: readonly FilterOption[];
  /** The applied values (restored from the URL or the saved page config). */
  value: readonly string[];
  onApply: (values: string[]) => void;
}

/**
 * The status filter dropdown (spec 2): option search is a case-insensitive substring match on
 * the option name; Apply emits the selected values; Reset clears and emits an empty list. Reset
 * stays disabled until the form holds something to reset (spec 5).
 */
export function StatusFilter({ columnId, label, options, value, onApply }: StatusFilterProps) {
  const text = useDataTableText();
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([...value]);
  const [query, setQuery] = useState('');
  const visible = filterOptions(options, query);
  const active = value.length > 0;
  const changed = selected.length > 0 || active;

  const onOpenChange = (next: boolean) => {
    if (next) {
      setSelected([...value]);
      setQuery('');
    }
    setOpen(next);
  };
  const toggle = (optionValue: string, checked: boolean) => {
    setSelected((current) => (checked ? [...current.filter((v) => v !== optionValue), optionValue] : current.filter((v) => v !== optionValue)));
  };
  const apply = () => {
    // Keep the options' order, whatever order they were ticked in.
    onApply(options.map((o) => o.value).filter((v) => selected.includes(v)));
    setOpen(false);
  };
  const reset = () => {
    setSelected([]);
    setQuery('');
    onApply([]);
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
          active={active}
          icon={ListFilter}
          {...(active ? { srNote: `(${value.length})` } : {})}
        />
      }
    >
      <div className="flex flex-col gap-2" style={{ width: FILTER_BOX_WIDTH }}>
        <Input type="search" aria-label={text('searchOptions')} placeholder={text('searchOptions')} value={query} onChange={(e) => setQuery(e.target.value)} />
        <ul className="flex flex-col overflow-y-auto" style={{ maxHeight: FILTER_LIST_MAX_HEIGHT }} role="group" aria-label={label}>
          {visible.length === 0 && <li className="px-1 py-1 text-sm text-muted-foreground">{text('noOptions')}</li>}
          {visible.map((option) => (
            <li key={option.value}>
              <label className="flex cursor-pointer items-center gap-2 rounded-sm px-1 py-1 text-sm hover:bg-accent">
                <input type="checkbox" checked={selected.includes(option.value)} onChange={(e) => toggle(option.value, e.target.checked)} />
                <span className="truncate" title={option.name}>
                  {option.name}
                </span>
              </label>
            </li>
          ))}
        </ul>
        <FilterFooter resetDisabled={!changed} onReset={reset} onApply={apply} />
      </div>
    </FilterPopover>
  );
}
