import type { PaymentAction } from '@corridor/domain';
import type { PaymentView } from '@/components/payment-details/payment-view.ts';
import { api } from '@/lib/api-client.ts';
import type { PaymentViewer } from './payment-row-actions.ts';

/** What an action's modal collected: the reason, and a cancellation's date (yyyy-MM-dd). */
export interface ActionDetails {
  reason?: string;
  cancellationDate?: string;
}

/** The id the action calls name a payment by: its row key (`paymentId` is the reference people read). */
const idOf = (p: PaymentView) => p.id;

/**
 * Sends one row action to the server, through the viewer's own calls (merchant `/m/api`, TSP `/s/api`).
 * A refusal (INVALID_TRANSITION, INSUFFICIENT_FUNDS, QUOTE_EXPIRED...) is shown by the portal's error
 * notification with the server's message and rethrown, so the screen keeps its dialog open.
 */
export async function runPaymentAction(viewer: PaymentViewer, action: PaymentAction, p: PaymentView, details: ActionDetails = {}): Promise<void> {
  const id = idOf(p);
  const reason = details.reason ? { reason: details.reason } : {};
  if (viewer === 'MERCHANT') {
    switch (action) {
      case 'initiate':
        await api.call<'merchantPayments.processDraft'>('merchantPayments.processDraft', { path: { id }, query: { paymentId: id } });
        return;
      case 'cancel':
        await api.call<'merchantPayments.cancel'>('merchantPayments.cancel', {
          body: { transactionId: id, reason: details.reason ?? '', ...(details.cancellationDate ? { cancellationDate: details.cancellationDate } : {}) },
        });
        return;
      case 'reject':
        await api.call<'merchantPayments.reject'>('merchantPayments.reject', { body: { paymentIds: [id], ...reason } });
        return;
      case 'retry':
        await api.call<'merchantPayments.retry'>('merchantPayments.retry', { query: { paymentId: id } });
        return;
      case 'renew':
        await api.call<'merchantPayments.renew'>('merchantPayments.renew', { body: { paymentIds: [id] } });
        return;
      default:
        throw new Error(`No merchant call for ${action}`);
    }
  }
  switch (action) {
    case 'initiate':
      await api.call<'spPayments.processDraft'>('spPayments.processDraft', { path: { id }, query: { paymentId: id } });
      return;
    case 'process':
      await api.call<'spPayments.processOne'>('spPayments.processOne', { path: { id } });
      return;
    case 'reject':
      await api.call<'spPayments.update'>('spPayments.update', { body: { paymentIds: [id], status: 'REJECTED', ...reason } });
      return;
    case 'cancel':
      await api.call<'spPayments.cancel'>('spPayments.cancel', {
        body: { transactionId: id, reason: details.reason ?? '', ...(details.cancellationDate ? { cancellationDate: details.cancellationDate } : {}) },
      });
      return;
    case 'repush':
      await api.call<'spPayments.repush'>('spPayments.repush', { path: { paymentId: id } });
      return;
    case 'renew':
      await api.call<'spPayments.renew'>('spPayments.renew', { body: { paymentIds: [id] } });
      return;
    default:
      throw new Error(`No TSP call for ${action}`);
  }
}

/** The TSP's bulk processing of the selected pending payments; answers which went through and which failed. */
export function processSelected(ids: readonly string[]) {
  return api.call<'spPayments.processPending'>('spPayments.processPending', { query: { paymentIds: [...ids] } });
}
