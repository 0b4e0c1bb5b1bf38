import type { ReactNode } from 'react';
import { Direction } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { TooltipProvider } from '@/components/ui/tooltip.tsx';
import { useActivityTracking } from '@/lib/activity-tracking.ts';
import { useSession } from '@/lib/session-context.tsx';
import { Notifier } from './notifier.tsx';
import { OfflineIndicator } from './offline-indicator.tsx';
import { SessionLoader } from './session-loader.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/** The root (spec 1, section 2): session loader, notifications area, and the page. */
export function RootShell({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const session = useSession();
  useActivityTracking(session);
  return (
    <Direction.Provider dir={i18n.dir()}>
      <TooltipProvider>
        {children}
        <SessionLoader />
        <OfflineIndicator />
        <Notifier />
        <UpdatePrompt />
      </TooltipProvider>
    </Direction.Provider>
  );
}
