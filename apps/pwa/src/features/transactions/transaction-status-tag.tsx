import { useTranslation } from 'react-i18next';
import type { StatusTone, TransactionStatus } from '@corridor/domain';
import { TONE_CLASSES } from '@/components/payment-details/payment-status-tone.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/cn.ts';

/**
 * Tag colour of a transaction status, in the payment tags' colours: waiting on a TSP yellow, half-approved
 * blue, done green, refused or failed red, cancelled gray.
 */
const TRANSACTION_STATUS_TONE: Readonly<Record<TransactionStatus, StatusTone>> = {
  PENDING: 'yellow',
  PROCESSING: 'blue',
  COMPLETED: 'green',
  REJECTED: 'red',
  SOURCE_REJECTED: 'red',
  TARGET_REJECTED: 'red',
  FAILED: 'red',
  CANCELLED: 'gray',
};

/** The tone of a status the table knows, gray for anything else (a newer server's status still shows). */
function transactionStatusTone(status: string): StatusTone {
  return (TRANSACTION_STATUS_TONE as Readonly<Record<string, StatusTone>>)[status] ?? 'gray';
}

/** A transaction's status as a coloured tag; `tone` overrides the status's own (a timeline step's colour). */
export function TransactionStatusTag({ status, tone = transactionStatusTone(status) }: { status: string; tone?: StatusTone }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" data-status={status} data-tone={tone} className={cn(TONE_CLASSES[tone])}>
      {t(`transactionList.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
