import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { QUICK_DATE_OPTIONS } from '@corridor/domain';
import { cn } from '@/lib/cn.ts';
import { quickOptionOf, quickPortalRange } from '@/lib/report-range.ts';
import { userTimeZone } from '@/lib/user-time-zone.ts';

interface RangeFieldsProps {
  /** The days as typed (dd/MM/yyyy). */
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  /** Prefix of the fields' test ids (`<prefix>-from`, `<prefix>-to`). */
  testId: string;
}

/**
 * An export's range: two dd/MM/yyyy days and spec 9's quick options that fill both, counted in the
 * user's time zone. The range is required, so clicking the selected option again keeps it (spec 4).
 */
export function RangeFields({ from, to, onChange, testId }: RangeFieldsProps) {
  const { t } = useTranslation();
  const timeZone = userTimeZone();
  const selected = quickOptionOf({ from, to }, timeZone, new Date());
  return (
    <>
      <label className="flex flex-col gap-1 text-sm">
        {t('reports.from')}
        <Input
          value={from}
          onChange={(e) => onChange({ from: e.target.value, to })}
          placeholder="dd/MM/yyyy"
          inputMode="numeric"
          dir="ltr"
          data-testid={`${testId}-from`}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        {t('reports.to')}
        <Input
          value={to}
          onChange={(e) => onChange({ from, to: e.target.value })}
          placeholder="dd/MM/yyyy"
          inputMode="numeric"
          dir="ltr"
          data-testid={`${testId}-to`}
        />
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2" role="group" aria-label={t('reports.quick')}>
        {QUICK_DATE_OPTIONS.map(({ value, labelKey }) => (
          <Button
            key={value}
            type="button"
            variant="outline"
            size="sm"
            aria-pressed={selected === value}
            data-testid={`${testId}-quick-${value}`}
            className={cn(selected === value && 'border-primary bg-primary text-primary-foreground hover:bg-primary/90')}
            onClick={() => onChange(quickPortalRange(value, timeZone, new Date()))}
          >
            {t(labelKey)}
          </Button>
        ))}
      </div>
    </>
  );
}
