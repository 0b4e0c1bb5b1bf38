import { useTranslation } from 'react-i18next';
import { MISSING_VALUE, statusLabelKey, statusTone, type StatusTone } from '@corridor/domain';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';

/** Tag colours of spec 4 ("Status tag colours"); statuses without a colour use the outline tag. */
export const TONE_CLASSES: Record<StatusTone, string> = {
  gray: 'border-transparent bg-muted text-muted-foreground',
  yellow: 'border-transparent bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  blue: 'border-transparent bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  green: 'border-transparent bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  red: 'border-transparent bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
};

/** "IN_VERIFICATION" -> "In verification": the label until the status key is translated. */
function humanizeStatus(status: string): string {
  const words = status.trim().toLowerCase().replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A status as a coloured tag (spec 2 "status cell"). */
export function StatusCell({ status }: { status: string | null | undefined }) {
  const { t } = useTranslation();
  if (status === null || status === undefined || status.trim() === '') return <span>{MISSING_VALUE}</span>;
  const tone = statusTone(status);
  return (
    <Badge variant="outline" data-status={status} data-tone={tone ?? 'none'} className={cn(tone !== undefined && TONE_CLASSES[tone])}>
      {t(statusLabelKey(status), { defaultValue: humanizeStatus(status) })}
    </Badge>
  );
}
