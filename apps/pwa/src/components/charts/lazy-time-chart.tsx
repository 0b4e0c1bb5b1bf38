import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@/components/ui/skeleton.tsx';

const TimeChart = lazy(() => import('./time-chart.tsx'));

/**
 * The bar chart over days, loaded when first shown (recharts is large: the screens that draw charts keep it out
 * of their own chunk). A labelled figure: the chart is named for screen readers, which read the figures as text.
 */
export function LazyTimeChart({ label, testId, ...props }: ComponentProps<typeof TimeChart> & { label: string; testId: string }) {
  return (
    <figure role="img" aria-label={label} data-testid={testId} className="min-h-60 w-full">
      <Suspense fallback={<Skeleton className="h-60 w-full" />}>
        <TimeChart {...props} />
      </Suspense>
    </figure>
  );
}
