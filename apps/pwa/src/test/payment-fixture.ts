import type { PaymentView } from '@/components/payment-details/payment-view.ts';

/** A payment as the contract gives it, for tests: USD to EUR, initiated, with a three-step timeline. */
export function paymentFixture(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    id: 'pay-1',
    paymentId: 'PAY-0001',
    draftId: null,
    merchantId: 'm-1',
    serviceProviderId: 'tsp-1',
    walletId: 'w-usd',
    status: 'INITIATED',
    category: 'PAYOUT',
    referenceNumber: 'INV-77',
    agentId: null,
    agentReferenceNumber: null,
    targetBankCode: null,
    deliveryModeId: null,
    correspondentId: null,
    sender: { name: 'Globex Trading', sendingAmount: '1000', sendingCurrencyCode: 'USD', sendingCountryCode: 'AE' },
    receiver: { name: 'Acme GmbH', countryCode: 'DE', accountNumber: 'DE89370400440532013000' },
    instrumentsDetails: { receiveAmount: '920.5', receiveAmountCcyCode: 'EUR' },
    exchangeRate: '0.9205',
    fee: '12.5',
    message: 'Invoice 77',
    correspondentDetails: { walletId: 'sw-eur' },
    quoteId: 'q-1',
    valueDate: '2026-11-24',
    expiryDate: null,
    transactionDate: '2026-11-20T09:00:00.000Z',
    failureReason: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}
