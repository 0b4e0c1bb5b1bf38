import { useTranslation } from 'react-i18next';
import { CloudUpload } from 'lucide-react';
import { Badge } from '../ui/badge.tsx';

/** The layout's reminder that payments are waiting to send; nothing shows when none wait. */
export function SyncHealthBadgeView({ unsent, failed }: { unsent: number; failed: number }) {
  const { t } = useTranslation();
  if (unsent === 0) return null;
  return (
    <Badge data-testid="sync-badge" data-failed={failed > 0 ? 'true' : 'false'} variant={failed > 0 ? 'destructive' : 'warning'}>
      <CloudUpload className="size-3.5" aria-hidden />
      {t('syncHealth.badge', { count: unsent })}
    </Badge>
  );
}
