import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn.ts';

/**
 * A long identifier (payment or transaction id, wallet number, IBAN): left to right in either language, and
 * never wider than the screen. It wraps at any character where it would not fit (or, `truncate`, ends in an
 * ellipsis); its full value stays on hover (title) and in what a copy takes, since the text itself is whole.
 */
export function LongId({
  value,
  truncate = false,
  className,
  ...rest
}: { value: string; truncate?: boolean } & Omit<ComponentProps<'bdi'>, 'children' | 'title'>) {
  return (
    <bdi dir="ltr" title={value} className={cn(truncate ? 'inline-block max-w-full truncate align-bottom' : 'wrap-anywhere', className)} {...rest}>
      {value}
    </bdi>
  );
}
