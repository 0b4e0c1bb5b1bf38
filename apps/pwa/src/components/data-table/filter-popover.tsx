import type { ReactNode } from 'react';
import { Popover } from 'radix-ui';
import { cn } from '@/lib/cn.ts';

interface FilterPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The icon button in the column header. */
  trigger: ReactNode;
  children: ReactNode;
  className?: string;
}

/** The box a column's search or filter opens in (it holds a form, so it is a popover, not a menu). */
export function FilterPopover({ open, onOpenChange, trigger, children, className }: FilterPopoverProps) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className={cn('z-50 flex flex-col gap-2 rounded-md border bg-popover p-2 text-popover-foreground shadow-md outline-none', className)}
        >
          {children}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The trigger's look: muted until a value is applied. */
export function filterTriggerClass(active: boolean): string {
  return cn(
    'inline-flex size-6 items-center justify-center rounded-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    active && 'text-primary',
  );
}
