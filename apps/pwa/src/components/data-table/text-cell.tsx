import { CELL_TRUNCATION_WIDTH, MISSING_VALUE } from '@corridor/domain';
import { BidiText } from '@/components/ui/bidi-text.tsx';

/** A value as cell text; missing values (spec 5: "Missing values display '-'") and objects show '-'. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return MISSING_VALUE;
  if (typeof value === 'string') return value.trim() === '' ? MISSING_VALUE : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return MISSING_VALUE;
}

/** Plain cell text truncated at 12.5rem (spec 9) with the full text as a title tooltip; isolated, so an id keeps its order in Arabic. */
export function TextCell({ value }: { value: unknown }) {
  const text = cellText(value);
  return (
    <span className="block truncate" style={{ maxWidth: CELL_TRUNCATION_WIDTH }} title={text}>
      <BidiText text={text} />
    </span>
  );
}
