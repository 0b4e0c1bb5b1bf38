import { createFileRoute } from '@tanstack/react-router';
import { MERCHANT_MENU } from '@corridor/domain';
import { NotFoundContent } from '@/components/not-found-content.tsx';
import { openFirstEntryOfGroup } from '@/lib/group-landing.ts';

/** A menu group's own path opens its first entry; any other path without a screen shows the not-found content. */
export const Route = createFileRoute('/merchant/$')({
  beforeLoad: openFirstEntryOfGroup(MERCHANT_MENU),
  component: NotFoundContent,
});
