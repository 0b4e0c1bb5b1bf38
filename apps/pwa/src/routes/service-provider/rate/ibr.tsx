import { createFileRoute } from '@tanstack/react-router';
import { validateTableSearch } from '@/lib/search-params.ts';
import { IbrScreen } from '@/features/rates/ibr-screen.tsx';

export const Route = createFileRoute('/service-provider/rate/ibr')({
  validateSearch: validateTableSearch,
  component: () => <IbrScreen route={Route} />,
});
