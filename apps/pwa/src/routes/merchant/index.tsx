import { createFileRoute, redirect } from '@tanstack/react-router';

/** The merchant area opens on its wallet. */
export const Route = createFileRoute('/merchant/')({
  beforeLoad: () => {
    throw redirect({ to: '/merchant/$', params: { _splat: 'wallet' }, replace: true });
  },
});
