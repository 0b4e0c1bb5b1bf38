import { CELL_TRUNCATION_WIDTH } from '@corridor/domain';
import { BidiText } from '@/components/ui/bidi-text.tsx';
import { cellText } from './text-cell.tsx';

/** A cell of stacked lines (spec 2 "multi-line table cell"): the first line leads, the rest are muted. */
export function MultiLineCell({ lines }: { lines: readonly (string | null | undefined)[] }) {
  const texts = lines.length === 0 ? [cellText(undefined)] : lines.map((line) => cellText(line));
  return (
    <span className="flex flex-col" style={{ maxWidth: CELL_TRUNCATION_WIDTH }}>
      {texts.map((text, index) => (
        <span key={index} title={text} className={index === 0 ? 'truncate font-medium' : 'truncate text-xs text-muted-foreground'}>
          <BidiText text={text} />
        </span>
      ))}
    </span>
  );
}
