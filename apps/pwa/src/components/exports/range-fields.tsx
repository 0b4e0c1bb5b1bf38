import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { QUICK_RANGES, quickRange, toPortalDay } from '@/lib/report-range.ts';

interface RangeFieldsProps {
  /** The days as typed (dd/MM/yyyy). */
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  /** Prefix of the fields' test ids (`<prefix>-from`, `<prefix>-to`). */
  testId: string;
}

/** An export's range: two dd/MM/yyyy days and the quick options that fill both. */
export function RangeFields({ from, to, onChange, testId }: RangeFieldsProps) {
  const { t } = useTranslation();
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
        {QUICK_RANGES.map((q) => (
          <Button
            key={q}
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              const r = quickRange(q, new Date());
              onChange({ from: toPortalDay(r.from), to: toPortalDay(r.to) });
            }}
          >
            {t(`reports.quickRange.${q}`)}
          </Button>
        ))}
      </div>
    </>
  );
}
