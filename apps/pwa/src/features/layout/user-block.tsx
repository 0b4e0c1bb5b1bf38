import { useTranslation } from 'react-i18next';
import { ChevronsUpDown, KeyRound, LogOut, UserRound } from 'lucide-react';
import type { CurrentUser } from '@corridor/api';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { cn } from '@/lib/cn.ts';
import { useCompanyName } from './use-company-name.ts';

export type AccountDialog = 'change-password' | 'account';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

interface UserBlockProps {
  user: CurrentUser;
  collapsed: boolean;
  onOpenDialog: (dialog: AccountDialog) => void;
  onLogout: () => void;
}

/** The user block with its dropdown: Change Password, My Account, Logout (spec 1, section 2). */
export function UserBlock({ user, collapsed, onOpenDialog, onLogout }: UserBlockProps) {
  const { t } = useTranslation();
  const company = useCompanyName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        data-testid="user-menu"
        className={cn(
          'flex w-full items-center gap-3 rounded-md p-2 text-start outline-none hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring',
          collapsed && 'justify-center',
        )}
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-xs font-semibold text-primary-foreground">
          {initials(user.name)}
        </span>
        <span className="sr-only">{t('userMenu.open')}: </span>
        <span className={cn('grid min-w-0 flex-1 leading-tight', collapsed && 'sr-only')}>
          <span className="truncate text-sm font-medium">{user.name}</span>
          {company.loading ? (
            <Skeleton className="mt-1 h-3 w-24" />
          ) : (
            <span data-testid="company-name" className="truncate text-xs text-muted-foreground">
              {company.name ?? '-'}
            </span>
          )}
        </span>
        {collapsed ? null : <ChevronsUpDown className="size-4 text-muted-foreground" aria-hidden />}
      </DropdownMenuTrigger>
      <DropdownMenuContent side={collapsed ? 'right' : 'top'} align="start" className="w-60">
        <DropdownMenuLabel className="grid font-normal">
          <span className="truncate font-medium">{user.name}</span>
          <span className="truncate text-xs text-muted-foreground">{user.digit9Id}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid="user-menu-change-password" onSelect={() => onOpenDialog('change-password')}>
          <KeyRound /> {t('userMenu.changePassword')}
        </DropdownMenuItem>
        <DropdownMenuItem data-testid="user-menu-account" onSelect={() => onOpenDialog('account')}>
          <UserRound /> {t('userMenu.myAccount')}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem data-testid="user-menu-logout" variant="destructive" onSelect={onLogout}>
          <LogOut /> {t('userMenu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
