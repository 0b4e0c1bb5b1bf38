import { MoreHorizontal } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx';
import { cn } from '@/lib/cn.ts';
import type { RowAction } from './column-def.ts';
import { useDataTableText } from './data-table-texts.ts';

/** A control inside a row acts on its own: the row's click and keys (open the row's page) stay out of it. */
const keepInside = {
  onClick: (e: MouseEvent) => e.stopPropagation(),
  onKeyDown: (e: KeyboardEvent) => e.stopPropagation(),
};

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
      {actions.map(({ id, label, ariaLabel, icon: Icon, variant, disabled, testId: buttonTestId, onSelect }) => (
        <Button
          key={id}
          size={size}
          variant={variant === 'destructive' ? 'outline' : (variant ?? 'default')}
          disabled={disabled}
          data-testid={buttonTestId}
          aria-label={ariaLabel}
          onKeyDown={keepInside.onKeyDown}
          onClick={(e) => {
            e.stopPropagation();
            onSelect();
          }}
        >
          {Icon && <Icon className="size-4" aria-hidden />}
          {label}
        </Button>
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
        {actions.map(({ id, label, ariaLabel, icon: Icon, variant, disabled, onSelect }) => (
          <DropdownMenuItem
            key={id}
            disabled={disabled}
            variant={variant === 'destructive' ? 'destructive' : 'default'}
            aria-label={ariaLabel}
            data-testid={`row-action-${id}`}
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
 * payment id; the menu button takes 32.
 */
export function RowActionsCell({ actions, rowName }: { actions: readonly RowAction[]; rowName?: string | undefined }) {
  if (actions.length === 0) return null;
  return (
    <>
      <RowActionButtons actions={actions} className="max-md:hidden" testId="row-actions" />
      <div className="flex justify-end md:hidden">
        <RowActionsMenu actions={actions} rowName={rowName} />
      </div>
    </>
  );
}
