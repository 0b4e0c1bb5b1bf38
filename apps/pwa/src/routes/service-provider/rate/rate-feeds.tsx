import { createFileRoute } from '@tanstack/react-router';
import { RateFeedsScreen } from '@/features/rates/rate-feeds-screen.tsx';
import { pick, validateRateSearch } from '@/features/rates/rate-search.ts';
import { RATE_FEED_VIEWS } from '@/features/rates/use-rate-data.ts';

export const Route = createFileRoute('/service-provider/rate/rate-feeds')({
  validateSearch: validateRateSearch,
  component: RateFeedsRoute,
});

function RateFeedsRoute() {
  const { view } = Route.useSearch();
  return <RateFeedsScreen route={Route} view={pick(RATE_FEED_VIEWS, view)} />;
}
