import { z } from 'zod';
import { currencyList, decimalString, enumList, paging, queryBool, queryDate, stringList } from './common.ts';
import { dealType } from './markups.ts';

/**
 * Query filters of the catalogue, field names letter for letter from the spec (part A and B, section 3).
 * Plural names are lists (repeated keys or comma-separated), dates are ISO dates.
 */
const text = z.string().optional();
const date = queryDate.optional();
const list = stringList;
const flag = queryBool;
/** `from,to` amount range (the amount filter sends from and to). */
const rangeQuery = z
  .string()
  .regex(/^(-?\d+(\.\d+)?)?,(-?\d+(\.\d+)?)?$/, 'must be from,to (either may be empty)')
  .optional();

export const paymentFilter = z.object({
  merchantIds: list,
  serviceProviderId: text,
  targetBankCodes: list,
  senderSendingCountryCodes: list,
  receiverCountryCodes: list,
  createdFromDate: date,
  createdToDate: date,
  paymentId: text,
  status: text,
  referenceNumber: text,
  agentId: text,
  agentReferenceNumber: text,
  ...paging,
});

export const draftFilter = z.object({
  referenceNumber: text,
  paymentId: text,
  correspondentIds: list,
  walletIds: list,
  deliveryModeIds: list,
  agentIds: list,
  senderNames: list,
  sendingCountryCodes: list,
  receivingCountryCodes: list,
  createdFromDate: date,
  createdToDate: date,
  valueDateFrom: date,
  valueDateTo: date,
  expiryDateFrom: date,
  expiryDateTo: date,
  transactionDateFrom: date,
  transactionDateTo: date,
  categories: list,
  statuses: list,
  ...paging,
});

export const walletFilter = z.object({
  query: text,
  merchantServiceId: text,
  serviceProviderId: text,
  bankAccountId: text,
  currencyCodes: list,
  countryCodes: list,
  bankCodes: list,
  statuses: list,
  types: list,
  inRange: rangeQuery,
  tspWalletIds: list,
  correspondentCodes: list,
  inclPosition: flag,
  isDippingAllowed: flag,
  ...paging,
});

/** Service-provider wallet filter: the wallet filter plus the TSP side fields. */
export const spWalletFilter = walletFilter.extend({
  walletAccountNumber: text,
  accountCategoryIds: list,
  coveringModel: text,
  pricingModel: text,
  status: text,
  createdFromDate: date,
  createdToDate: date,
  linkedWalletTspId: text,
});

export const creditRequestFilter = z.object({
  merchantIds: list,
  walletId: text,
  transactionId: text,
  tspId: text,
  tspWalletId: text,
  currencyCodes: list,
  validFrom: date,
  validTo: date,
  statuses: list,
  allocationMode: text,
  ...paging,
});

export const creditLimitFilter = z.object({
  walletId: text,
  transactionId: text,
  tspId: text,
  currency: text,
  validFrom: date,
  validTo: date,
  createdFromDate: date,
  createdToDate: date,
  statuses: list,
  ...paging,
});

export const positionFilter = z.object({
  walletIds: list,
  spWalletIds: list,
  currencies: list,
  countries: list,
  inRange: rangeQuery,
  groupBy: text,
  ...paging,
});
/** Position summary (part B, section 3). */
export const positionSummaryFilter = z.object({
  walletIds: list,
  currencies: list,
  walletCategory: text,
  correspondentIds: list,
  countries: list,
  inRange: rangeQuery,
  updatedFromDate: date,
  updatedToDate: date,
  groupBy: text,
  ...paging,
});
export const positionActivityFilter = z.object({
  walletIds: list,
  walletPositionActivityId: text,
  transactionId: text,
  action: text,
  currency: text,
  date,
  ...paging,
});

export const statementFilter = z.object({
  reportName: text,
  walletIds: list,
  categories: list,
  mode: text,
  merchantIds: list,
  tspIds: list,
  actions: list,
  fromDate: date,
  toDate: date,
  currencies: list,
  groupBy: text,
  reqOpBalAdjustment: flag,
  ...paging,
});
export const activityFilter = statementFilter.extend({ transactionIds: list });

/** Service-provider statement report (part A): reportName ... toDate; the summary adds currencies and groupBy. */
export const spStatementReportFilter = z.object({
  reportName: text,
  walletIds: list,
  merchantIds: list,
  actions: list,
  categories: list,
  mode: text,
  fromDate: date,
  toDate: date,
  ...paging,
});
export const spStatementSummaryFilter = spStatementReportFilter.extend({ currencies: list, groupBy: text });

/** Service-provider activity (part B, 7.10); the summary variants add groupBy. */
export const spActivityFilter = z.object({
  transactionIds: list,
  walletIds: list,
  merchantIds: list,
  actions: list,
  categories: list,
  mode: text,
  fromDate: date,
  toDate: date,
  ...paging,
});
export const spActivitySummaryFilter = spActivityFilter.extend({ groupBy: text });

export const accountingConfigFilter = z.object({
  merchantId: text,
  walletId: text,
  ledgerCode: text,
  ledgerCcy: text,
  ...paging,
});

export const walletConfigFilter = z.object({
  ids: list,
  msWalletIds: list,
  walletIds: list,
  coveringModels: list,
  transactionCategories: list,
  ...paging,
});

export const beneficiaryFilter = z.object({
  type: text,
  displayName: text,
  iban: text,
  status: text,
  ids: list,
  ...paging,
});

export const merchantProfileFilter = z.object({
  serviceProviderId: text,
  merchantServiceId: text,
  merchantNameContains: text,
  kycStatus: text,
  riskScoringStatus: text,
  creditScoringStatus: text,
  executiveDocumentsStatus: text,
  profileStatus: text,
  settlementStatus: text,
  markupProfileId: text,
  merchantFeeProfileId: text,
  status: text,
  ...paging,
});

export const merchantSummaryFilter = z.object({
  name: text,
  merchantId: text,
  markupProfileId: text,
  merchantProfileStatus: text,
  ...paging,
});

export const merchantConfigFilter = z.object({ category: text, key: text, value: text, ...paging });

export const partnerSearch = z.object({
  query: text,
  referenceId: text,
  partnerTypes: list,
  businessType: text,
  countryOfRegistration: text,
  tradingName: text,
  registeredBusinessAddress: text,
  cities: list,
  districts: list,
  states: list,
  poBoxes: list,
  businessTelephoneNumber: text,
  entityTypes: list,
  licenseTypes: list,
  licenseNumbers: list,
  licenseDateOfIssue: date,
  licenseDateOfExpiry: date,
  countriesOfIncorporation: list,
  dateOfIncorporation: date,
  serviceProviderId: text,
  partnerStatuses: list,
  ...paging,
});

export const feeProfileFilter = z.object({
  merchantFeeProfileId: text,
  senderCountries: list,
  sourceCountryCodes: list,
  destinationCountryCodes: list,
  walletCurrencyCodes: list,
  payoutCurrencyCodes: list,
  slabCurrencies: list,
  correspondentIds: list,
  channelIds: list,
  deliveryModeIds: list,
  beneficiaryFis: list,
  transferTypes: list,
  chargeModes: list,
  transactionCategories: list,
  transactionTypes: list,
  effectiveFrom: date,
  effectiveTo: date,
  slabValueFrom: decimalString.optional(),
  slabValueTo: decimalString.optional(),
  isPromotional: flag,
  statuses: list,
  ...paging,
});

/** Amount objects travel in a query as JSON text (`sourceAmount={"amount":"100","currency":"EUR"}`). */
const amountInQuery = z.string().optional();
export const feeForTransactionQuery = z.object({
  senderCountry: text,
  sourceCountry: text,
  targetCountry: text,
  sourceCurrency: text,
  targetCurrency: text,
  correspondentId: text,
  beneficiaryId: text,
  channelId: text,
  deliveryModeId: text,
  transactionType: text,
  transactionCategory: text,
  transferType: text,
  sourceAmount: amountInQuery,
  targetAmount: amountInQuery,
  chargeMode: z.enum(['OUR', 'SHA', 'BEN']).optional(),
  merchantId: text,
});

const TRANSACTION_CATEGORIES = ['TOPUP', 'TOPUP_CREDIT', 'TRANSFER', 'CONSUMER_PAYOUT'] as const;
const TRANSACTION_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'REJECTED', 'CANCELLED', 'FAILED', 'SOURCE_REJECTED', 'TARGET_REJECTED'] as const;
const APPROVAL_STATUSES = ['PENDING', 'IN_VERIFICATION', 'APPROVED', 'REJECTED'] as const;

export const transactionFilter = z.object({
  query: text,
  transactionId: text,
  categories: enumList(TRANSACTION_CATEGORIES),
  type: text,
  referenceNumber: text,
  currencyCodes: currencyList,
  sourceCurrencyCodes: currencyList,
  targetCurrencyCodes: currencyList,
  fundingPartyIds: list,
  correspondentIds: list,
  sourceCorrespondentIds: list,
  targetCorrespondentIds: list,
  statuses: enumList(TRANSACTION_STATUSES),
  approvalStatuses: enumList(APPROVAL_STATUSES),
  collectionModes: list,
  merchantIds: list,
  createdFromDate: date,
  createdToDate: date,
  valueDateFrom: date,
  valueDateTo: date,
  ...paging,
});
export const approvalsFilter = z.object({
  query: text,
  transactionIds: list,
  statuses: enumList(APPROVAL_STATUSES),
  fromDate: date,
  toDate: date,
  userIds: list,
  ...paging,
});

export const chargesFilter = z.object({
  chargeModes: enumList(['OUR', 'SHA', 'BEN', 'REBATE', 'FX_PREMIUM']),
  isPayable: flag,
  isMerchant: flag,
  isMerchantPayable: flag,
  settlementTransactionIds: list,
  fromSettlementDate: date,
  toSettlementDate: date,
  isReconciled: flag,
  amountRange: rangeQuery,
  walletNetworkIds: list,
  ...paging,
});

export const cancellationFilter = z.object({
  mainTransactionId: text,
  cancellationId: text,
  success: flag,
  status: z.enum(['REQUESTED', 'APPROVED', 'REJECTED', 'COMPLETED']).optional(),
  ...paging,
});

export const currencyConfigFilter = z.object({
  sourceCurrency: text,
  targetCurrency: text,
  autoRefreshEnabled: flag,
  enabled: flag,
  inclDealConfig: flag,
  ...paging,
});
export const currencyDealFilter = z.object({
  id: text,
  currencyConfigId: text,
  sourceCurrency: text,
  targetCurrency: text,
  dealType: text,
  rateProviderId: text,
  instrumentId: text,
  ...paging,
});

export const queryEnabledFilter = z.object({ query: text, enabled: flag, ...paging });

export const agentMarkupFilter = z.object({
  tspId: text,
  markupType: text,
  productType: text,
  activityType: text,
  instrumentType: text,
  agentLocationId: text,
  recordStatus: text,
  rateProfile: text,
  ...paging,
});
export const layer1Filter = z.object({
  transactionCategory: text,
  sourceCurrency: text,
  targetCurrency: text,
  dealType: text,
  rateProviderId: text,
  currencyDealConfigId: text,
  currencyConfigId: text,
  ...paging,
});
export const layer2Filter = layer1Filter.extend({ markupProfileId: text });
export const volatileLayerFilter = z.object({
  sourceCurrency: text,
  targetCurrency: text,
  dealType: text,
  rateProviderId: text,
  currencyConfigId: text,
  instrumentId: text,
  ...paging,
});

export const globalConfigFilter = z.object({ category: text, key: text, value: text, ...paging });

export const revaluationConfigFilter = z.object({
  currencyConfigId: text,
  sourceCurrency: text,
  targetCurrency: text,
  autoRevaluation: flag,
  autoRevaluationRateType: text,
  ...paging,
});
export const revaluationRateFilter = z.object({
  revaluationConfigId: text,
  currencyConfigId: text,
  sourceCurrency: text,
  targetCurrency: text,
  revaluationDate: date,
  ...paging,
});

export const rateQuery = z.object({
  valueDate: date,
  dealType: text,
  sourceCurrency: text,
  targetCurrency: text,
  rateProviderId: text,
});

/** Spec part B, Position filters: "Deal positions: valueDate, currency, walletId, dealType". */
export const dealPositionFilter = z.object({ valueDate: date, currency: text, walletId: text, dealType: dealType.optional(), ...paging });

export const accountingEntryFilter = z.object({
  voucherNo: text,
  transactionId: text,
  tspId: text,
  tspWalletId: text,
  merchantId: text,
  msWalletId: text,
  voucherExists: flag,
  includeRelatedVouchers: flag,
  category: text,
  subCategory: text,
  transactionType: text,
  ...paging,
});

/** Record views (part B 7.10): wallet, currency, country, accounting and local currency, inRange, dates. */
export const recordFilter = z.object({
  walletId: text,
  currency: text,
  country: text,
  accountingCurrency: text,
  localCurrency: text,
  inRange: rangeQuery,
  fromDate: date,
  toDate: date,
  ...paging,
});

export const tspIdQuery = z.object({ tspId: z.string().min(1, 'tspId is required') });
export const serviceProviderIdQuery = z.object({ serviceProviderId: z.string().min(1, 'serviceProviderId is required') });
