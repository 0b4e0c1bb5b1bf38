import { createFileRoute, redirect } from '@tanstack/react-router';

/** Any other path redirects to merchant/wallet (spec 1, section 2). */
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/merchant/$', params: { _splat: 'wallet' }, replace: true });
  },
});
