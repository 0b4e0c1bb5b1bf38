import type { z } from 'zod';
import type { timelineStep } from '@corridor/api';
import type { StatusTone } from '@corridor/domain';
import type { TimelineStepInput } from '@/components/payment-details/timeline-steps.ts';

/** The server's colour classes of a step, as tag tones; anything else is information. */
const COLOUR_TONE: Readonly<Record<string, StatusTone>> = { success: 'green', danger: 'red', warning: 'yellow', info: 'blue' };

/**
 * A transaction's activities as the shared status timeline's steps: the time, the server's colour, and who
 * took the step (statusDetails names them). The step's status names what happened (SOURCE_APPROVED,
 * CANCELLATION_REQUESTED...), so no separate action is shown.
 */
export function transactionTimelineSteps(activities: readonly z.output<typeof timelineStep>[]): TimelineStepInput[] {
  return activities.map((a) => ({
    status: a.status,
    action: '',
    at: a.time,
    by: a.statusDetails ? { id: a.statusDetails.name, name: a.statusDetails.name } : null,
    reason: null,
    tone: COLOUR_TONE[a.colorClass] ?? 'gray',
  }));
}
