import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

/** One option of a select: the value sent and the words shown. */
export interface SelectChoice {
  value: string;
  label: string;
}

const SELECT_CLASS =
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:opacity-50';

/**
 * A native select with the kit's input look: the forms use plain selects, which work offline and on phones.
 * `placeholder` is the empty first choice (no value chosen yet); `choices` follow it, then any `children`.
 * Passed through `FormField`'s render, it gets the field's id, aria-invalid and aria-describedby.
 */
export function NativeSelect({
  className,
  placeholder,
  choices = [],
  children,
  ...props
}: ComponentProps<'select'> & { placeholder?: string; choices?: readonly SelectChoice[] }) {
  return (
    <select data-slot="select" className={cn(SELECT_CLASS, className)} {...props}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
      {children}
    </select>
  );
}

/** Currency codes as select choices, the code shown as it is. */
export const codeChoices = (currencies: readonly { code: string }[]): SelectChoice[] => currencies.map((c) => ({ value: c.code, label: c.code }));
