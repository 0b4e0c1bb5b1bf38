import { useTranslation } from 'react-i18next';
import { CloudOff } from 'lucide-react';

/** Said over a profile's forms offline: what is shown is this device's last copy, and a change needs the network. */
export function OfflineNote() {
  const { t } = useTranslation();
  return (
    <p className="flex items-center gap-2 rounded-lg border border-dashed p-3 text-sm text-muted-foreground" role="status" data-testid="profile-needs-network">
      <CloudOff className="size-4 shrink-0" aria-hidden />
      {t('profileManagement.needsNetwork')}
    </p>
  );
}
