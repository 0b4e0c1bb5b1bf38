import { paymentActions, paymentTransition, type PaymentAction, type PaymentStatus } from '@corridor/domain';

/** Who looks at the list: the merchant's staff or its TSP's. */
export type PaymentViewer = 'MERCHANT' | 'TSP';

/**
 * The calls each viewer has for an action. The merchant has no process or re-push call; the TSP has no
 * retry call (a failed payment is retried by its merchant). complete and fail are the bank's.
 */
const CALLABLE: Readonly<Record<PaymentViewer, readonly PaymentAction[]>> = {
  MERCHANT: ['initiate', 'reject', 'cancel', 'renew', 'retry'],
  TSP: ['initiate', 'process', 'reject', 'cancel', 'renew', 'repush'],
};

/** The buttons a payment's row offers its viewer: the domain's transition table, limited to the calls the viewer has. */
export function rowActions(status: PaymentStatus, viewer: PaymentViewer): PaymentAction[] {
  return paymentActions(status, viewer).filter((a) => CALLABLE[viewer].includes(a));
}

/** Actions asked in the extra-details modal (a reason, and for a cancellation its date). */
export function needsDetails(action: PaymentAction): 'cancel' | 'reject' | null {
  return action === 'cancel' ? 'cancel' : action === 'reject' ? 'reject' : null;
}

/**
 * Actions confirmed first because they move money: those that hold funds on the wallet, and those that
 * send the payment to the bank (process, re-push).
 */
export function movesMoney(status: PaymentStatus, action: PaymentAction, viewer: PaymentViewer): boolean {
  const transition = paymentTransition(status, action, viewer);
  if (transition === null) return false;
  return transition.funds !== 'none' || action === 'process' || action === 'repush';
}
