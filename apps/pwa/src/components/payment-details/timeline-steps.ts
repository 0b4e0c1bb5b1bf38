import type { StatusTone } from '@corridor/domain';
import { numberFormat } from '@/lib/intl-format.ts';

/** One step of a status timeline (a payment's as the contract gives it, or a transaction's mapped to it). */
export interface TimelineStepInput {
  status: string;
  /** The action that made the step; empty when the status says it all (a transaction's steps). */
  action: string;
  at: string;
  by: { id: string; name: string } | null;
  reason: string | null;
  /** The step's colour when the server chose it; a payment's steps take their status's colour. */
  tone?: StatusTone;
}

/** A step ready to show: its time, and how long after the previous step it came (null for the first). */
export interface TimelineStep extends TimelineStepInput {
  durationMs: number | null;
}

/** The steps oldest first, each with the time since the step before it. */
export function timelineSteps(steps: readonly TimelineStepInput[]): TimelineStep[] {
  const sorted = [...steps].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return sorted.map((step, i) => {
    const previous = sorted[i - 1];
    return { ...step, durationMs: previous ? Math.max(0, Date.parse(step.at) - Date.parse(previous.at)) : null };
  });
}

interface DurationParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * A duration split into its two largest non-zero units (e.g. 1 d 3 h, 4 min 10 s), never empty.
 * @internal used by its tests
 */
export function durationParts(ms: number): Partial<DurationParts> {
  const total = Math.floor(ms / 1000);
  const all: DurationParts = {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
  const units = (Object.keys(all) as (keyof DurationParts)[]).filter((u) => all[u] > 0);
  if (units.length === 0) return { seconds: 0 };
  const out: Partial<DurationParts> = {};
  for (const unit of units.slice(0, 2)) out[unit] = all[unit];
  return out;
}

/** A duration in the language's own units (Intl), e.g. "1 day 3 hr" / "يوم واحد ٣ ساعات". */
export function formatDuration(ms: number, language: string): string {
  const parts = durationParts(ms);
  const unit = { days: 'day', hours: 'hour', minutes: 'minute', seconds: 'second' } as const;
  return (Object.keys(parts) as (keyof DurationParts)[])
    .map((u) => numberFormat(language, { style: 'unit', unit: unit[u], unitDisplay: 'short' }).format(parts[u] ?? 0))
    .join(' ');
}
