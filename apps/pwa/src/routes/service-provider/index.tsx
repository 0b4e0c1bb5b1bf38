import { createFileRoute, redirect } from '@tanstack/react-router';

/** The service-provider area opens on its wallet. */
export const Route = createFileRoute('/service-provider/')({
  beforeLoad: () => {
    throw redirect({ to: '/service-provider/$', params: { _splat: 'wallet' }, replace: true });
  },
});
