import { createFileRoute } from '@tanstack/react-router';
import { NotFoundContent } from '@/components/not-found-content.tsx';

/** Every service-provider screen arrives with a later issue; until then it shows the not-found content. */
export const Route = createFileRoute('/service-provider/$')({
  component: NotFoundContent,
});
