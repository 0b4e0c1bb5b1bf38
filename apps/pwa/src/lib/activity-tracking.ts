import { useEffect } from 'react';
import { INACTIVITY_RESET_EVENTS } from '@corridor/domain';
import type { SessionActor } from './session.ts';

/** Mouse move, key press, touch and scroll reset the inactivity timer (spec 1, section 4.4). */
export function useActivityTracking(session: SessionActor): void {
  useEffect(() => {
    const onActivity = () => {
      if (session.getSnapshot().matches({ authenticated: { activity: 'active' } })) session.send({ type: 'ACTIVITY' });
    };
    for (const type of INACTIVITY_RESET_EVENTS) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    return () => {
      for (const type of INACTIVITY_RESET_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [session]);
}
