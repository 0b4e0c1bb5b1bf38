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
