import { createFileRoute, redirect } from '@tanstack/react-router';

/** The menu's Partner Onboarding entry opens the list's overview tab. */
export const Route = createFileRoute('/service-provider/partners/')({
  beforeLoad: () => {
    throw redirect({ to: '/service-provider/partners/list/$status', params: { status: 'overview' }, replace: true });
  },
});
