import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { WalletCards } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button.tsx';
import { cn } from '@/lib/cn.ts';

/** The placeholder's button: a link to a path, or an action (spec 2 "empty-wallet placeholder"). */
export type PlaceholderAction = { label: string; to: string } | { label: string; onClick: () => void };

export function EmptyWalletPlaceholder({
  title,
  description,
  action,
  icon,
}: {
  title: string;
  description: string;
  action?: PlaceholderAction;
  icon?: ReactNode;
}) {
  return (
    <div data-testid="empty-wallet-placeholder" className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-muted/30 px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
        {icon ?? <WalletCards className="size-6" aria-hidden />}
      </div>
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="max-w-sm text-sm text-muted-foreground">{description}</p>
      {action && 'to' in action && (
        <Link to={action.to} className={cn(buttonVariants({ variant: 'default' }))} data-testid="empty-wallet-action">
          {action.label}
        </Link>
      )}
      {action && 'onClick' in action && (
        <button type="button" onClick={action.onClick} className={cn(buttonVariants({ variant: 'default' }))} data-testid="empty-wallet-action">
          {action.label}
        </button>
      )}
    </div>
  );
}
