import { createFileRoute, redirect } from '@tanstack/react-router';

/** The bare origin goes where any other path goes: merchant/wallet, resolved by the guards. */
export const Route = createFileRoute('/')({
  beforeLoad: () => {
    throw redirect({ to: '/merchant/$', params: { _splat: 'wallet' }, replace: true });
  },
});
