import { createFileRoute } from '@tanstack/react-router';
import { ForbiddenPage } from '@/features/errors/forbidden-page.tsx';

export const Route = createFileRoute('/error/forbidden')({
  validateSearch: (search: Record<string, unknown>): { traceId?: string } =>
    typeof search.traceId === 'string' && search.traceId !== '' ? { traceId: search.traceId } : {},
  component: function ForbiddenRoute() {
    const { traceId } = Route.useSearch();
    return <ForbiddenPage traceId={traceId} />;
  },
});
