import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input.tsx';

/** Only digits and one dot may be typed (spec 5 amount input). */
const NUMBER_TYPING = /^\d*\.?\d*$/;

/** A number typed as text (money stays decimal): any other key is ignored. */
export function NumberInput({ onChange, ...props }: Omit<ComponentProps<typeof Input>, 'onChange'> & { onChange: (value: string) => void }) {
  return (
    <Input
      {...props}
      inputMode="decimal"
      placeholder={props.placeholder ?? '0.00'}
      dir="ltr"
      onChange={(e) => NUMBER_TYPING.test(e.target.value) && onChange(e.target.value)}
    />
  );
}

export const SELECT_CLASS =
  'flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:opacity-50';
