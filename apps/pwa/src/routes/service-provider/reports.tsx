import { createFileRoute } from '@tanstack/react-router';
import { ReportsScreen } from '@/features/reports/reports-screen.tsx';

export const Route = createFileRoute('/service-provider/reports')({
  component: function SpReportsRoute() {
    return <ReportsScreen />;
  },
});
