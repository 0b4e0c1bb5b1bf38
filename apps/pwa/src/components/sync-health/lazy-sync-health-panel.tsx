import { lazy, Suspense } from 'react';

/** The panel's code loads when it is first shown (a click on the badge, the phone's user block): the layout stays small. */
const Panel = lazy(() => import('./sync-health-panel.tsx').then((module) => ({ default: module.SyncHealthPanel })));

export function LazySyncHealthPanel({ userId }: { userId: string }) {
  return (
    <Suspense fallback={null}>
      <Panel userId={userId} />
    </Suspense>
  );
}
