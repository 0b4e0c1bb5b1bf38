import { useTranslation } from 'react-i18next';
import { Ban, CheckCircle2, FilePlus2, Play, RotateCcw, Send, XCircle, type LucideIcon } from 'lucide-react';
import type { PaymentAction, PaymentStatus } from '@corridor/domain';
import type { PaymentView } from '@/components/payment-details/payment-view.ts';
import { Button } from '@/components/ui/button.tsx';
import { rowActions, type PaymentViewer } from './payment-row-actions.ts';

const ICONS: Partial<Record<PaymentAction, LucideIcon>> = {
  initiate: Play,
  process: CheckCircle2,
  reject: XCircle,
  cancel: Ban,
  renew: FilePlus2,
  retry: RotateCcw,
  repush: Send,
};

/** The buttons of one payment (row or details page), from the domain's transition table for the viewer. */
export function PaymentActionButtons({
  payment,
  viewer,
  busy,
  onAction,
  size = 'sm',
}: {
  payment: PaymentView;
  viewer: PaymentViewer;
  busy: boolean;
  onAction: (action: PaymentAction, payment: PaymentView) => void;
  size?: 'sm' | 'default';
}) {
  const { t } = useTranslation();
  const actions = rowActions(payment.status as PaymentStatus, viewer);
  if (actions.length === 0) return null;
  return (
    // In a row (small buttons) they stay on one line: the table scrolls sideways, and buttons stacked in a
    // cell made a drafted payment's row three buttons tall beside one-line rows. A details page may wrap them.
    <div className={`flex justify-end gap-1.5 ${size === 'sm' ? 'flex-nowrap' : 'flex-wrap'}`} data-testid="payment-actions">
      {actions.map((action) => {
        const Icon = ICONS[action];
        const destructive = action === 'cancel' || action === 'reject';
        return (
          <Button
            key={action}
            size={size}
            variant={destructive ? 'outline' : action === 'renew' ? 'ghost' : 'default'}
            disabled={busy}
            data-testid={`payment-action-${action}`}
            aria-label={`${t(`paymentList.actions.${action}`)} ${payment.paymentId}`}
            onClick={(e) => {
              // The row opens the details page: a button inside it acts on its own.
              e.stopPropagation();
              onAction(action, payment);
            }}
            onKeyDown={(e) => e.stopPropagation()}
          >
            {Icon && <Icon className="size-4" aria-hidden />}
            {t(`paymentList.actions.${action}`)}
          </Button>
        );
      })}
    </div>
  );
}
