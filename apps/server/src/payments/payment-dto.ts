import type { z } from 'zod';
import type { payment as paymentSchema, paymentTimelineStep } from '@corridor/api';
import type { PaymentRow } from './payment-schema.ts';
import type { paymentEvents } from './payment-schema.ts';

export type PaymentDto = z.input<typeof paymentSchema>;
type EventRow = typeof paymentEvents.$inferSelect;

/** A payment as the contract shows it; the timeline only on the one-payment calls. */
export function paymentDto(row: PaymentRow, events?: EventRow[]): PaymentDto {
  return {
    id: row.id,
    paymentId: row.paymentId,
    draftId: row.draftId,
    merchantId: row.merchantId,
    serviceProviderId: row.serviceProviderId,
    walletId: row.walletId,
    status: row.status,
    category: row.category,
    referenceNumber: row.referenceNumber,
    agentId: row.agentId,
    agentReferenceNumber: row.agentReferenceNumber,
    targetBankCode: row.targetBankCode,
    deliveryModeId: row.deliveryModeId,
    correspondentId: row.correspondentId,
    sender: {
      name: row.sender.name,
      sendingAmount: row.sendAmount,
      sendingCurrencyCode: row.sendCurrency,
      sendingCountryCode: row.sender.countryCode,
    },
    receiver: { name: row.receiver.name, countryCode: row.receiver.countryCode, accountNumber: row.receiver.accountNumber ?? row.receiver.iban ?? null },
    instrumentsDetails: { receiveAmount: row.receiveAmount, receiveAmountCcyCode: row.receiveCurrency },
    exchangeRate: row.exchangeRate,
    fee: row.fee,
    message: row.message,
    correspondentDetails: { walletId: row.walletId },
    quoteId: row.quoteId,
    valueDate: row.valueDate,
    expiryDate: row.expiryDate,
    transactionDate: row.transactionDate?.toISOString() ?? null,
    failureReason: row.failureReason,
    ...(events ? { timeline: events.map(timelineStep) } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt?.toISOString() ?? null,
    createdBy: row.createdBy ? { id: row.createdBy, name: row.createdByName ?? row.createdBy } : null,
  };
}

function timelineStep(e: EventRow): z.input<typeof paymentTimelineStep> {
  return {
    status: e.toStatus,
    action: e.action,
    at: e.at.toISOString(),
    by: e.actorId
      ? { id: e.actorId, name: e.actorName ?? e.actorId }
      : e.actorType === 'BANK' || e.actorType === 'SYSTEM'
        ? { id: e.actorType, name: e.actorName ?? e.actorType }
        : null,
    reason: e.reason,
  };
}
