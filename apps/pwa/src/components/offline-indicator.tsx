import { useTranslation } from '@/lib/translate.ts';
import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '@/lib/online-status.ts';

/**
 * A small pill while the browser has no network; the portal keeps working on what it has. Centred at
 * the bottom, clear of the user block in the menu and of the footer's texts.
 */
export function OfflineIndicator() {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  if (online) return null;
  return (
    <div
      data-testid="offline-indicator"
      role="status"
      title={t('app.offlineHint')}
      className="fixed bottom-4 left-1/2 z-[80] -translate-x-1/2 flex items-center gap-2 rounded-full border bg-background px-3 py-1.5 text-xs font-medium shadow-md"
    >
      <WifiOff className="size-3.5 text-warning" aria-hidden />
      {t('app.offline')}
    </div>
  );
}
