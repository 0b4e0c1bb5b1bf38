import type { ComponentProps, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';
import { useDataTableText } from './data-table-texts.ts';

interface FilterPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The icon button in the column header (a `FilterTrigger`). */
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

interface FilterTriggerProps extends Omit<ComponentProps<'button'>, 'children'> {
  testId: string;
  /** The button's accessible name ("Filter Status", "Search Reference"). */
  label: string;
  /** A value is applied: the icon shows in the primary colour. */
  active: boolean;
  icon: LucideIcon;
  /** Said to screen readers after the name (e.g. how many values are applied). */
  srNote?: string;
}

/**
 * The icon button in a column header that opens its search or filter: muted until a value is
 * applied. The popover's trigger sets its open state, events and ref through the rest props.
 */
export function FilterTrigger({ testId, label, active, icon: Icon, srNote, ...props }: FilterTriggerProps) {
  return (
    <button
      type="button"
      data-testid={testId}
      aria-label={label}
      data-active={active ? 'true' : 'false'}
      className={cn(
        'inline-flex size-6 items-center justify-center rounded-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        active && 'text-primary',
      )}
      {...props}
    >
      <Icon className="size-3.5" />
      {srNote !== undefined && <span className="sr-only">{srNote}</span>}
    </button>
  );
}

interface FilterFooterProps {
  /** Nothing to reset yet (spec 5: Reset is disabled until the box holds something). */
  resetDisabled: boolean;
  onReset: () => void;
  /** The confirming button's text: Apply, or Search for a column search. */
  applyLabel?: 'apply' | 'search';
  applyDisabled?: boolean;
  /** Without it the confirming button submits the box's form. */
  onApply?: () => void;
}

/** Reset and Apply (or Search) at the foot of a filter box, in that order. */
export function FilterFooter({ resetDisabled, onReset, applyLabel = 'apply', applyDisabled = false, onApply }: FilterFooterProps) {
  const text = useDataTableText();
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="outline" size="sm" disabled={resetDisabled} onClick={onReset}>
        {text('reset')}
      </Button>
      <Button type={onApply ? 'button' : 'submit'} size="sm" disabled={applyDisabled} {...(onApply ? { onClick: onApply } : {})}>
        {text(applyLabel)}
      </Button>
    </div>
  );
}
