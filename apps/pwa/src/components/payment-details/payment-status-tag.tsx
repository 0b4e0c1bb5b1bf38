import { useTranslation } from 'react-i18next';
import { isPaymentStatus } from '@corridor/domain';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';
import { PAYMENT_STATUS_TONE, TONE_CLASSES } from './payment-status-tone.ts';

/** A payment's status as a coloured tag; FAILED is red so it stands out in the overview. */
export function PaymentStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = isPaymentStatus(status) ? PAYMENT_STATUS_TONE[status] : 'gray';
  return (
    <Badge variant="outline" data-status={status} data-tone={tone} className={cn(TONE_CLASSES[tone])}>
      {t(`paymentList.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
