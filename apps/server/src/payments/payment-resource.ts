import { desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { draftFilter, paymentFilter } from '@corridor/api';
import type { ResourceSpec } from '../http/resource-engine.ts';
import type { Tenant } from '../tenant/tenant.ts';
import { payments } from './payment-schema.ts';
import { dayEndOf } from '../lib/day-range.ts';

export type PaymentFilter = z.output<typeof paymentFilter>;
export type DraftFilter = z.output<typeof draftFilter>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The payments a caller may see: a merchant its own, a TSP its merchants', operations every one. */
export function paymentScope(tenant: Tenant | null): SQL | undefined {
  if (tenant === null) return undefined;
  return tenant.kind === 'merchant' ? eq(payments.merchantId, tenant.merchantId) : eq(payments.serviceProviderId, tenant.serviceProviderId);
}

const senderCountry = sql`(${payments.sender} ->> 'countryCode')`;
const receiverCountry = sql`(${payments.receiver} ->> 'countryCode')`;

const sortKeys = {
  createdAt: payments.createdAt,
  createdDate: payments.createdAt,
  paymentId: payments.paymentId,
  status: payments.status,
  sendAmount: payments.sendAmount,
  amount: payments.sendAmount,
  currency: payments.sendCurrency,
  valueDate: payments.valueDate,
  transactionDate: payments.transactionDate,
  referenceNumber: payments.referenceNumber,
};
/** Newest first; the id breaks ties so pages never repeat or skip a row. */
const defaultSort = [desc(payments.createdAt), desc(payments.id)];
/** The same order for keyset paging: (created_at, id) is the tail of the payments_merchant_idx index. */
const keysetOf = (list: string): NonNullable<ResourceSpec<typeof payments, unknown>['keyset']> => ({
  list,
  id: payments.id,
  defaultOrder: [{ column: payments.createdAt, direction: 'DESC' }],
});

/** The payment list filter (part A/B payments lists). */
export const paymentResource: ResourceSpec<typeof payments, PaymentFilter> = {
  table: payments,
  filters: {
    merchantIds: (ids) => inArray(payments.merchantId, ids),
    serviceProviderId: (id) => eq(payments.serviceProviderId, id),
    targetBankCodes: (codes) => inArray(payments.targetBankCode, codes),
    senderSendingCountryCodes: (codes) => inArray(senderCountry, codes),
    receiverCountryCodes: (codes) => inArray(receiverCountry, codes),
    createdFromDate: (d) => gte(payments.createdAt, new Date(d)),
    createdToDate: (d) => lte(payments.createdAt, dayEndOf(d)),
    paymentId: (id) => ilike(payments.paymentId, `%${escapeLike(id)}%`),
    status: (s) => inArray(payments.status, s.split(',') as never[]),
    referenceNumber: (n) => ilike(payments.referenceNumber, `%${escapeLike(n)}%`),
    agentId: (id) => eq(payments.agentId, id),
    agentReferenceNumber: (n) => eq(payments.agentReferenceNumber, n),
  },
  sortKeys,
  defaultSort,
  keyset: keysetOf('payments'),
};

/** The draft/pending list filter. */
export const draftResource: ResourceSpec<typeof payments, DraftFilter> = {
  table: payments,
  filters: {
    referenceNumber: (n) => ilike(payments.referenceNumber, `%${escapeLike(n)}%`),
    paymentId: (id) => ilike(payments.paymentId, `%${escapeLike(id)}%`),
    correspondentIds: (ids) => inArray(payments.correspondentId, ids),
    walletIds: (ids) => inArray(payments.walletId, ids),
    deliveryModeIds: (ids) => inArray(payments.deliveryModeId, ids),
    agentIds: (ids) => inArray(payments.agentId, ids),
    sendingCountryCodes: (codes) => inArray(senderCountry, codes),
    receivingCountryCodes: (codes) => inArray(receiverCountry, codes),
    createdFromDate: (d) => gte(payments.createdAt, new Date(d)),
    createdToDate: (d) => lte(payments.createdAt, dayEndOf(d)),
    valueDateFrom: (d) => gte(payments.valueDate, d.slice(0, 10)),
    valueDateTo: (d) => lte(payments.valueDate, d.slice(0, 10)),
    expiryDateFrom: (d) => gte(payments.expiryDate, d.slice(0, 10)),
    expiryDateTo: (d) => lte(payments.expiryDate, d.slice(0, 10)),
    transactionDateFrom: (d) => gte(payments.transactionDate, new Date(d)),
    transactionDateTo: (d) => lte(payments.transactionDate, dayEndOf(d)),
    categories: (c) => inArray(payments.category, c),
    statuses: (s) => inArray(payments.status, s as never[]),
  },
  sortKeys,
  defaultSort,
  keyset: keysetOf('payment-drafts'),
};
