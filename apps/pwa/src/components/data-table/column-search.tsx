import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { isSearchResetDisabled, SEARCH_BOX_WIDTH } from '@corridor/domain';
import { Input } from '@/components/ui/input.tsx';
import { useDataTableText } from './data-table-texts.ts';
import { FilterFooter, FilterPopover, FilterTrigger } from './filter-popover.tsx';

export interface ColumnSearchProps {
  columnId: string;
  /** Translated column header, for labels. */
  label: string;
  /** The applied search text. */
  value: string;
  /** `null` clears the search. */
  onApply: (value: string | null) => void;
}

/**
 * A column's search box (spec 9: 12.5rem). Reset is disabled while the text is empty
 * (spec 5: "Table search Reset disabled while the search text is empty").
 */
export function ColumnSearch({ columnId, label, value, onApply }: ColumnSearchProps) {
  const text = useDataTableText();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);

  const onOpenChange = (next: boolean) => {
    if (next) setDraft(value);
    setOpen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft.trim() === '' ? null : draft.trim());
    setOpen(false);
  };
  const reset = () => {
    setDraft('');
    onApply(null);
    setOpen(false);
  };

  return (
    <FilterPopover
      open={open}
      onOpenChange={onOpenChange}
      trigger={<FilterTrigger testId={`data-table-search-${columnId}`} label={text('searchColumn', { column: label })} active={value !== ''} icon={Search} />}
    >
      <form onSubmit={submit} className="flex flex-col gap-2" style={{ width: SEARCH_BOX_WIDTH }}>
        <Input
          type="search"
          autoFocus
          data-testid={`data-table-search-input-${columnId}`}
          aria-label={text('searchColumn', { column: label })}
          placeholder={text('search')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <FilterFooter resetDisabled={isSearchResetDisabled(draft)} onReset={reset} applyLabel="search" />
      </form>
    </FilterPopover>
  );
}
