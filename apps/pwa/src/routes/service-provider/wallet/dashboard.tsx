import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '@/features/sp-dashboard/dashboard-screen.tsx';

export const Route = createFileRoute('/service-provider/wallet/dashboard')({
  component: DashboardScreen,
});
