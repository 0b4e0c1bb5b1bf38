import { createFileRoute } from '@tanstack/react-router';
import { SERVICE_PROVIDER_MENU } from '@corridor/domain';
import { NotFoundContent } from '@/components/not-found-content.tsx';
import { openFirstEntryOfGroup } from '@/lib/group-landing.ts';

/** A menu group's own path opens its first entry; any other path without a screen shows the not-found content. */
export const Route = createFileRoute('/service-provider/$')({
  beforeLoad: openFirstEntryOfGroup(SERVICE_PROVIDER_MENU),
  component: NotFoundContent,
});
