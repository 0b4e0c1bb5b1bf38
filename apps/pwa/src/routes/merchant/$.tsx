import { createFileRoute } from '@tanstack/react-router';
import { NotFoundContent } from '@/components/not-found-content.tsx';

/** Every merchant screen arrives with a later issue; until then its menu entry shows the not-found content. */
export const Route = createFileRoute('/merchant/$')({
  component: NotFoundContent,
});
