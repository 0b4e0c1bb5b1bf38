import { createFileRoute } from '@tanstack/react-router';
import { CHARGE_LAYERS, MARKUP_TABS, MarkupScreen } from '@/features/rates/markup-screen.tsx';
import { pick, validateRateSearch } from '@/features/rates/rate-search.ts';

export const Route = createFileRoute('/service-provider/rate/markup')({
  validateSearch: validateRateSearch,
  component: MarkupRoute,
});

function MarkupRoute() {
  const { tab, layer } = Route.useSearch();
  return <MarkupScreen route={Route} tab={pick(MARKUP_TABS, tab)} layer={pick(CHARGE_LAYERS, layer)} />;
}
