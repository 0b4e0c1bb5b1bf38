import { useState, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { isSearchResetDisabled, SEARCH_BOX_WIDTH } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { useDataTableText } from './data-table-texts.ts';
import { FilterPopover, filterTriggerClass } from './filter-popover.tsx';

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
      trigger={
        <button
          type="button"
          data-testid={`data-table-search-${columnId}`}
          aria-label={text('searchColumn', { column: label })}
          data-active={value !== '' ? 'true' : 'false'}
          className={filterTriggerClass(value !== '')}
        >
          <Search className="size-3.5" />
        </button>
      }
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
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" size="sm" disabled={isSearchResetDisabled(draft)} onClick={reset}>
            {text('reset')}
          </Button>
          <Button type="submit" size="sm">
            {text('search')}
          </Button>
        </div>
      </form>
    </FilterPopover>
  );
}
