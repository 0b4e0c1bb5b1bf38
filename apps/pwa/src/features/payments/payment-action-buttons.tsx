import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Ban, CheckCircle2, FilePlus2, Play, RotateCcw, Send, XCircle, type LucideIcon } from 'lucide-react';
import type { PaymentAction, PaymentStatus } from '@corridor/domain';
import type { RowAction } from '@/components/data-table/column-def.ts';
import { RowActionButtons } from '@/components/data-table/row-actions.tsx';
import type { PaymentView } from '@/components/payment-details/payment-view.ts';
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

/** The actions of one payment for the viewer, from the domain's transition table (a list row's or its page's). */
export function paymentActions(
  t: TFunction,
  payment: PaymentView,
  viewer: PaymentViewer,
  busy: boolean,
  onAction: (action: PaymentAction, payment: PaymentView) => void,
): RowAction[] {
  return rowActions(payment.status as PaymentStatus, viewer).map((action) => {
    const Icon = ICONS[action];
    const label = t(`paymentList.actions.${action}`);
    return {
      id: action,
      label,
      ariaLabel: `${label} ${payment.paymentId}`,
      ...(Icon ? { icon: Icon } : {}),
      variant: action === 'cancel' || action === 'reject' ? 'destructive' : action === 'renew' ? 'ghost' : 'default',
      disabled: busy,
      testId: `payment-action-${action}`,
      onSelect: () => onAction(action, payment),
    };
  });
}

/** The buttons of one payment on its page (a list shows the same actions through the table's actions column). */
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
  const actions = paymentActions(t, payment, viewer, busy, onAction);
  if (actions.length === 0) return null;
  return <RowActionButtons actions={actions} size={size} testId="payment-actions" />;
}
