import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@corridor/api';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';

/** My Account: the signed-in user's details. */
export function MyAccountDialog({ user, open, onClose }: { user: CurrentUser; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rows: { label: string; value: string; testId: string }[] = [
    { label: 'account.name', value: user.name, testId: 'account-name' },
    { label: 'account.id', value: user.digit9Id, testId: 'account-id' },
    { label: 'account.email', value: user.email || t('account.notAvailable'), testId: 'account-email' },
    { label: 'account.role', value: t(`account.roles.${user.role}`), testId: 'account-role' },
    {
      label: 'account.organisationType',
      value: t(`account.organisationTypes.${user.organisationType}`),
      testId: 'account-organisation-type',
    },
  ];
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent closeLabel={t('notification.close')} data-testid="my-account-dialog">
        <DialogHeader>
          <DialogTitle>{t('account.title')}</DialogTitle>
          <DialogDescription>{t('account.description')}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-muted-foreground">{t(row.label)}</dt>
              <dd data-testid={row.testId} className="font-medium">
                {row.value}
              </dd>
            </div>
          ))}
          <dt className="text-muted-foreground">{t('account.status')}</dt>
          <dd>
            <Badge variant={user.status === 'ACTIVE' ? 'secondary' : 'warning'}>{t(`account.statuses.${user.status}`)}</Badge>
          </dd>
        </dl>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('account.close')}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
