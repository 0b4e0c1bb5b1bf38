import { CloudOff } from 'lucide-react';
import { updatedAgo, type AgoUnit } from '@corridor/domain';
import { useNow } from '@/lib/use-now.ts';
import { useDataTableText, type DataTableTextName } from './data-table-texts.ts';

const AGO_TEXTS: Record<AgoUnit, DataTableTextName> = {
  seconds: 'updatedSeconds',
  minutes: 'updatedMinutes',
  hours: 'updatedHours',
  days: 'updatedDays',
};

/** How often the "Updated ... ago" label is refreshed while shown. */
const AGE_REFRESH_MS = 15_000;

/** How old the shown (possibly cached) data is, and whether the device is offline (design 4). */
export function DataTableCaption({ updatedAt, offline }: { updatedAt?: Date; offline?: boolean }) {
  const text = useDataTableText();
  const now = new Date(useNow(updatedAt === undefined ? null : AGE_REFRESH_MS, updatedAt));

  if (updatedAt === undefined && !offline) return null;
  const age = updatedAt === undefined ? null : updatedAgo(updatedAt, now);
  return (
    <div className="flex items-center gap-2 px-2 py-1 text-xs text-muted-foreground">
      {offline && (
        <span data-testid="data-table-offline" className="inline-flex items-center gap-1 text-foreground">
          <CloudOff className="size-3.5" />
          {text(updatedAt === undefined ? 'notSaved' : 'offline')}
        </span>
      )}
      {age !== null && updatedAt !== undefined && (
        <time data-testid="data-table-updated-at" dateTime={updatedAt.toISOString()} title={updatedAt.toISOString()}>
          {text(AGO_TEXTS[age.key], { count: age.count })}
        </time>
      )}
    </div>
  );
}
