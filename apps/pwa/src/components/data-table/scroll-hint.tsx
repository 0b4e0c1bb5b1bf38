import { useCallback, useEffect, useState, type RefObject } from 'react';
import { ChevronRight } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import { useDataTableText } from './data-table-texts.ts';

export interface OverflowSides {
  /** Columns hidden before the visible ones (inline start: left in English, right in Arabic). */
  start: boolean;
  /** Columns hidden after the visible ones. */
  end: boolean;
  /** Width of the column kept in view at the end (the row actions), which the end's shading stops before. */
  pinnedEnd: number;
}

/** Which sides of a horizontally scrolling box hide content; follows scrolling and resizing. */
export function useOverflowSides(ref: RefObject<HTMLElement | null>): OverflowSides {
  const [sides, setSides] = useState<OverflowSides>({ start: false, end: false, pinnedEnd: 0 });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const max = el.scrollWidth - el.clientWidth;
    // Right to left, scrollLeft runs from 0 to -max; its size is the distance from the start either way.
    const position = Math.abs(el.scrollLeft);
    const pinned = el.querySelector<HTMLElement>('th[data-pinned="end"]');
    const next = { start: max > 1 && position > 1, end: max > 1 && position < max - 1, pinnedEnd: pinned?.offsetWidth ?? 0 };
    setSides((current) => (current.start === next.start && current.end === next.end && current.pinnedEnd === next.pinnedEnd ? current : next));
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(el);
    const table = el.firstElementChild;
    if (table) observer?.observe(table);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [ref, measure]);
  return sides;
}

/**
 * Edge shading and an arrow where columns are out of view, so a phone user (or a narrow window)
 * knows the list goes on sideways; clicking the arrow scrolls one screen further.
 */
export function ScrollHint({ sides, target }: { sides: OverflowSides; target: RefObject<HTMLElement | null> }) {
  const text = useDataTableText();
  const scroll = (towardsEnd: boolean) => {
    const el = target.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    const step = el.clientWidth * 0.8 * (towardsEnd ? 1 : -1) * (rtl ? -1 : 1);
    el.scrollBy({ left: step, behavior: 'smooth' });
  };
  return (
    <>
      {(['start', 'end'] as const).map((side) =>
        sides[side] ? (
          <div
            key={side}
            data-testid={`data-table-more-${side}`}
            style={side === 'end' && sides.pinnedEnd > 0 ? { insetInlineEnd: sides.pinnedEnd } : undefined}
            className={cn(
              'pointer-events-none absolute inset-y-0 flex w-10 items-center from-background to-transparent',
              side === 'end' ? 'end-0 justify-end bg-gradient-to-l rtl:bg-gradient-to-r' : 'start-0 justify-start bg-gradient-to-r rtl:bg-gradient-to-l',
            )}
          >
            <button
              type="button"
              className="pointer-events-auto rounded-full border bg-background p-1 shadow-sm"
              aria-label={text(side === 'end' ? 'moreColumnsEnd' : 'moreColumnsStart')}
              onClick={() => scroll(side === 'end')}
            >
              <ChevronRight aria-hidden className={cn('size-4', side === 'start' ? 'rotate-180 rtl:rotate-0' : 'rtl:rotate-180')} />
            </button>
          </div>
        ) : null,
      )}
    </>
  );
}
