import { createFileRoute, redirect } from '@tanstack/react-router';
import { groupLanding, MERCHANT_MENU } from '@corridor/domain';
import { NotFoundContent } from '@/components/not-found-content.tsx';

/** A menu group's own path opens its first entry; any other path without a screen shows the not-found content. */
export const Route = createFileRoute('/merchant/$')({
  beforeLoad: ({ location }) => {
    const to = groupLanding(MERCHANT_MENU, location.pathname);
    if (to) throw redirect({ to, replace: true });
  },
  component: NotFoundContent,
});
