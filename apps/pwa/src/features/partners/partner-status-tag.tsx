import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { partnerStatus } from '@corridor/api';
import { statusTone } from '@corridor/domain';
import { Badge } from '@/components/ui/badge.tsx';
import { TONE_CLASSES } from '@/components/data-table/status-cell.tsx';
import { cn } from '@/lib/cn.ts';

export type PartnerStatus = z.output<typeof partnerStatus>;

/** Spec 1 section 4: the partner statuses, in the flow's order. */
export const PARTNER_STATUSES: readonly PartnerStatus[] = ['NEW', 'PARTNER_ONBOARDING', 'NEXT_REVIEW', 'IN_AUTHORIZATION', 'AUTHORIZED', 'REJECTED'];

/** A partner status as its coloured tag (spec 1 "Status tag colours"), in the partner screens' words. */
export function PartnerStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = statusTone(status);
  return (
    <Badge variant="outline" data-status={status} className={cn(tone !== undefined && TONE_CLASSES[tone])}>
      {t(`partners.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}
