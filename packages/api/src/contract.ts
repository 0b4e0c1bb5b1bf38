/* The catalogue's calls merged into one map: the source of the client, the server and OpenAPI. */
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
import { notifications } from './contract/notifications.ts';
import { partners } from './contract/partners.ts';
import { internalPayments, merchantPayments, spPayments } from './contract/payments.ts';
import { pricing } from './contract/pricing.ts';
import { quotes } from './contract/quotes.ts';
import { reconciliation } from './contract/reconciliation.ts';
import { exchangeRates } from './contract/rates.ts';
import { reference } from './contract/reference.ts';
import { reports } from './contract/reports.ts';
import { revaluation } from './contract/revaluation.ts';
import { settlements } from './contract/settlements.ts';
import { cancellations, merchantTransactions, spMerchantTransactions, spTransactions, topUps } from './contract/transactions.ts';
import { users } from './contract/users.ts';
import { internalWallets, merchantAccounting, merchantWallets, spWallets } from './contract/wallets.ts';

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
  ...notifications,
  ...reconciliation,
};
export type Contract = typeof contract;
export type CallId = keyof Contract;

/** The same definitions, seen through the common shape (for generic code: servers, OpenAPI, tools). */
export const definitions: Readonly<Record<CallId, CallDefinition>> = contract;
