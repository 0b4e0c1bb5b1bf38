import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';
import { inputClassName } from './variants.ts';

export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return <input type={type} data-slot="input" className={cn(inputClassName, className)} {...props} />;
}
