import { useState, type FormEvent } from 'react';
import { ListFilter } from 'lucide-react';
import { FILTER_BOX_WIDTH } from '@corridor/domain';
import { Input } from '@/components/ui/input.tsx';
import type { RangeFilterValue } from '@/lib/table-state-search.ts';
import { validateAmountRange } from './amount-range.ts';
import { useDataTableText } from './data-table-texts.ts';
import { FilterFooter, FilterPopover, FilterTrigger } from './filter-popover.tsx';

export interface AmountFilterProps {
  columnId: string;
  label: string;
  value: RangeFilterValue | undefined;
  /** `null` resets the filter. */
  onApply: (value: RangeFilterValue | null) => void;
}

/** Only digits and one dot may be typed in an amount (spec 5, amount inputs). */
function amountTyping(text: string): string {
  const cleaned = text.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  return dot === -1 ? cleaned : cleaned.slice(0, dot + 1) + cleaned.slice(dot + 1).replace(/\./g, '');
}

/**
 * The amount filter (spec 5): min and max both required, Apply disabled until the form is
 * dirty, Apply sends from and to; Reset disabled until the form changed.
 */
export function AmountFilter({ columnId, label, value, onApply }: AmountFilterProps) {
  const text = useDataTableText();
  const [open, setOpen] = useState(false);
  const [min, setMin] = useState(value?.from ?? '');
  const [max, setMax] = useState(value?.to ?? '');
  const [submitted, setSubmitted] = useState(false);
  const dirty = min !== (value?.from ?? '') || max !== (value?.to ?? '');
  const changed = dirty || value !== undefined;
  const result = validateAmountRange(min, max);
  const showError = submitted && !result.ok;

  const onOpenChange = (next: boolean) => {
    if (next) {
      setMin(value?.from ?? '');
      setMax(value?.to ?? '');
      setSubmitted(false);
    }
    setOpen(next);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!result.ok) return;
    onApply(result.value);
    setOpen(false);
  };
  const reset = () => {
    setMin('');
    setMax('');
    setSubmitted(false);
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
          icon={ListFilter}
        />
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-2" style={{ width: FILTER_BOX_WIDTH }}>
        <Input
          inputMode="decimal"
          required
          aria-label={text('minAmount')}
          placeholder={text('minAmount')}
          aria-invalid={showError && min.trim() === ''}
          value={min}
          onChange={(e) => setMin(amountTyping(e.target.value))}
        />
        <Input
          inputMode="decimal"
          required
          aria-label={text('maxAmount')}
          placeholder={text('maxAmount')}
          aria-invalid={showError && max.trim() === ''}
          value={max}
          onChange={(e) => setMax(amountTyping(e.target.value))}
        />
        {showError && !result.ok && (
          <p role="alert" className="text-xs text-destructive">
            {text(result.error)}
          </p>
        )}
        <FilterFooter resetDisabled={!changed} onReset={reset} applyDisabled={!dirty} />
      </form>
    </FilterPopover>
  );
}
