import { createFileRoute, redirect } from '@tanstack/react-router';

/** Settings opens on its rates page, the one settings page so far (spec 2: the drawer links there too). */
export const Route = createFileRoute('/service-provider/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/service-provider/settings/rates', replace: true });
  },
});
