import type { CallDefinition } from './define.ts';
import { accounting } from './contract/accounting.ts';
import { bankNotifications } from './contract/bank-notifications.ts';
import { charges, dealProfits } from './contract/charges.ts';
import { credit } from './contract/credit.ts';
import { currencyConfigs, currencyDeals, globals, internalMarkups } from './contract/currency-config.ts';
import { dealPositions } from './contract/deals.ts';
import { files } from './contract/files.ts';
import { fundingParties } from './contract/funding-parties.ts';
import { internalServiceProvider } from './contract/internal-service-provider.ts';
import { internal } from './contract/internal-tooling.ts';
import { internalTransactions } from './contract/internal-transactions.ts';
import { markups } from './contract/markups.ts';
import { beneficiaries, merchantConfigs, merchantProfiles, merchantReviews } from './contract/merchant-profiles.ts';
import { merchantServices, serviceProviders } from './contract/organisations.ts';
import { partners } from './contract/partners.ts';
import { internalPayments, merchantPayments, spPayments } from './contract/payments.ts';
import { pricing } from './contract/pricing.ts';
import { quotes } from './contract/quotes.ts';
import { exchangeRates } from './contract/rates.ts';
import { reference } from './contract/reference.ts';
import { reports } from './contract/reports.ts';
import { revaluation } from './contract/revaluation.ts';
import { settlements } from './contract/settlements.ts';
import { cancellations, merchantTransactions, spMerchantTransactions, spTransactions, topUps } from './contract/transactions.ts';
import { users } from './contract/users.ts';
import { internalWallets, merchantAccounting, merchantWallets, spWallets } from './contract/wallets.ts';

export * from './define.ts';
export * from './schemas/common.ts';
export * from './schemas/reference.ts';
export * from './schemas/organisations.ts';
export * from './schemas/wallets.ts';
export * from './schemas/payments.ts';
export * from './schemas/transactions.ts';
export * from './schemas/pricing.ts';
export * from './schemas/markups.ts';
export * from './schemas/config.ts';
export * from './schemas/rates.ts';
export * from './schemas/ledger.ts';
export * from './schemas/trading.ts';
export * from './schemas/profiles.ts';
export * from './schemas/filters.ts';
export * from './contract/users.ts';
export * from './contract/files.ts';
export * from './contract/internal-tooling.ts';
export * from './contract/organisations.ts';
export * from './contract/reference.ts';
export * from './contract/bank-notifications.ts';
export * from './contract/payments.ts';
export * from './contract/wallets.ts';
export * from './contract/credit.ts';
export * from './contract/internal-service-provider.ts';
export * from './contract/reports.ts';
export * from './contract/merchant-profiles.ts';
export * from './contract/partners.ts';
export * from './contract/quotes.ts';
export * from './contract/pricing.ts';
export * from './contract/transactions.ts';
export * from './contract/internal-transactions.ts';
export * from './contract/charges.ts';
export * from './contract/settlements.ts';
export * from './contract/deals.ts';
export * from './contract/markups.ts';
export * from './contract/revaluation.ts';
export * from './contract/currency-config.ts';
export * from './contract/funding-parties.ts';
export * from './contract/rates.ts';
export * from './contract/accounting.ts';

/** Every call of the catalogue, keyed by call id `<area>.<name>`. */
export const contract = {
  ...users,
  ...files,
  ...reference,
  ...internal,
  ...serviceProviders,
  ...merchantServices,
  ...bankNotifications,
  ...merchantPayments,
  ...spPayments,
  ...internalPayments,
  ...merchantWallets,
  ...internalWallets,
  ...merchantAccounting,
  ...spWallets,
  ...credit,
  ...internalServiceProvider,
  ...reports,
  ...beneficiaries,
  ...merchantProfiles,
  ...merchantReviews,
  ...merchantConfigs,
  ...partners,
  ...quotes,
  ...pricing,
  ...spTransactions,
  ...spMerchantTransactions,
  ...merchantTransactions,
  ...cancellations,
  ...topUps,
  ...internalTransactions,
  ...charges,
  ...dealProfits,
  ...settlements,
  ...dealPositions,
  ...markups,
  ...revaluation,
  ...currencyConfigs,
  ...currencyDeals,
  ...internalMarkups,
  ...globals,
  ...fundingParties,
  ...exchangeRates,
  ...accounting,
};
export type Contract = typeof contract;
export type CallId = keyof Contract;

/** The same definitions, seen through the common shape (for generic code: servers, OpenAPI, tools). */
export const definitions: Readonly<Record<CallId, CallDefinition>> = contract;
