import { MoreHorizontal } from 'lucide-react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip.tsx';
import { cn } from '@/lib/cn.ts';
import type { RowAction } from './column-def.ts';
import { useDataTableText } from './data-table-texts.ts';

/** A control inside a row acts on its own: the row's click and keys (open the row's page) stay out of it. */
const keepInside = {
  onClick: (e: MouseEvent) => e.stopPropagation(),
  onKeyDown: (e: KeyboardEvent) => e.stopPropagation(),
};

/** One action as a button: its icon and label, or its icon alone where `labelFrom` says, the label then its tooltip. */
function RowActionButton({ action, size }: { action: RowAction; size: 'sm' | 'default' }) {
  const { label, ariaLabel, icon: Icon, variant, disabled, labelFrom, testId, onSelect } = action;
  const iconOnly = labelFrom !== undefined && Icon !== undefined;
  const button = (
    <Button
      size={labelFrom === 'never' && iconOnly ? 'icon' : size}
      variant={variant === 'destructive' ? 'outline' : (variant ?? 'default')}
      className={labelFrom === 'never' && iconOnly && size === 'sm' ? 'size-8' : undefined}
      disabled={disabled}
      data-testid={testId}
      aria-label={ariaLabel ?? (iconOnly ? label : undefined)}
      onKeyDown={keepInside.onKeyDown}
      onClick={(e) => {
        e.stopPropagation();
        onSelect();
      }}
    >
      {Icon && <Icon className="size-4" aria-hidden />}
      {!iconOnly ? label : labelFrom === '2xl' ? <span className="hidden 2xl:inline">{label}</span> : null}
    </Button>
  );
  if (!iconOnly) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent className={labelFrom === '2xl' ? '2xl:hidden' : undefined}>{label}</TooltipContent>
    </Tooltip>
  );
}

/**
 * A row's (or a details page's) actions as buttons. Small ones stay on one line: buttons stacked in a cell
 * made a row three buttons tall beside one-line rows. A details page's may wrap.
 */
export function RowActionButtons({
  actions,
  size = 'sm',
  testId,
  className,
}: {
  actions: readonly RowAction[];
  size?: 'sm' | 'default';
  testId?: string;
  className?: string;
}) {
  return (
    <div className={cn('flex justify-end gap-1.5', size === 'sm' ? 'flex-nowrap' : 'flex-wrap', className)} data-testid={testId}>
      {actions.map((action) => (
        <RowActionButton key={action.id} action={action} size={size} />
      ))}
    </div>
  );
}

/** A row's actions behind one button: what a phone shows, where the buttons would take the row's width. */
function RowActionsMenu({ actions, rowName, className }: { actions: readonly RowAction[]; rowName?: string | undefined; className?: string }) {
  const text = useDataTableText();
  const name = rowName === undefined ? text('rowActions') : text('rowActionsOf', { row: rowName });
  return (
    // Not modal: a modal menu locks the page's scrolling and hides the rest from assistive technology for a
    // choice that is one tap.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" className={cn('size-8', className)} aria-label={name} title={name} data-testid="row-actions-menu" {...keepInside}>
          <MoreHorizontal className="size-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      {/* The menu is portalled, but React events still bubble to the row: a choice must not open the row. */}
      <DropdownMenuContent align="end" {...keepInside}>
        {actions.map(({ id, label, ariaLabel, icon: Icon, variant, disabled, testId, onSelect }) => (
          <DropdownMenuItem
            key={id}
            disabled={disabled}
            variant={variant === 'destructive' ? 'destructive' : 'default'}
            aria-label={ariaLabel}
            data-testid={testId ?? `row-action-${id}`}
            onSelect={onSelect}
          >
            {Icon && <Icon aria-hidden />}
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The actions cell of a list: the buttons from the medium breakpoint (600 px) up, one menu button below it.
 * On a 360 px phone in Arabic the buttons took 290 of the table's 358 px and left six characters of the
 * payment id; the menu button takes 32. The row's note (its decision, the server's refusal) shows under them.
 */
export function RowActionsCell({ actions, rowName, note }: { actions: readonly RowAction[]; rowName?: string | undefined; note?: ReactNode }) {
  const hasNote = note !== undefined && note !== null && note !== false;
  if (actions.length === 0) return hasNote ? note : null;
  const controls = (
    <>
      <RowActionButtons actions={actions} className="max-md:hidden" testId="row-actions" />
      <div className="flex justify-end md:hidden">
        <RowActionsMenu actions={actions} rowName={rowName} />
      </div>
    </>
  );
  if (!hasNote) return controls;
  return (
    <div className="flex flex-col items-end gap-1">
      {controls}
      {note}
    </div>
  );
}
