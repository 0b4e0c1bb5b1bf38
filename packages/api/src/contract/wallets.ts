import { z } from 'zod';
import { defineArea } from '../define.ts';
import { noContent, pageOf, paging, pathParams } from '../schemas/common.ts';
import {
  accountingConfigFilter,
  positionActivityFilter,
  positionFilter,
  positionSummaryFilter,
  spWalletFilter,
  tspIdQuery,
  walletConfigFilter,
  walletFilter,
} from '../schemas/filters.ts';
import { bank, country, currency } from '../schemas/reference.ts';
import { statementLine, statementSummaryRow } from '../schemas/ledger.ts';
import { activityFilter, spActivityFilter, spActivitySummaryFilter } from '../schemas/filters.ts';
import {
  accountingConfig,
  accountingConfigBody,
  bankAccount,
  bankAccountCreate,
  paymentWalletCreate,
  positionActivity,
  positionSummaryRow,
  spWalletCreate,
  wallet,
  walletConfig,
  walletConfigBody,
  walletLimit,
  walletPosition,
  walletStatus,
  walletType,
  walletUpdate,
} from '../schemas/wallets.ts';

const byId = pathParams('id');
const configByCategory = pathParams('walletId', 'transactionCategory');
const byWallet = pathParams('walletId');

export const merchantWallets = defineArea('merchantWallets', {
  list: {
    method: 'GET', path: '/v1/merchant/wallets', root: 'merchantWallet',
    summary: "The merchant's wallets.", query: walletFilter, response: pageOf(wallet),
  },
  create: {
    method: 'POST', path: '/v1/merchant/wallets', root: 'merchantWallet', creates: true, status: 201,
    summary: 'Requests a payment wallet at a service provider.', body: paymentWalletCreate.partial({ merchantId: true }),
    response: wallet,
  },
  get: {
    method: 'GET', path: '/v1/merchant/wallets/{id}', root: 'merchantWallet',
    summary: 'One wallet with its position.', pathParams: byId, response: wallet,
  },
  update: {
    method: 'PATCH', path: '/v1/merchant/wallets/{id}', root: 'merchantWallet',
    summary: 'Changes the alias or dipping settings of a wallet.', pathParams: byId, body: walletUpdate, response: wallet,
  },
  currencies: {
    method: 'GET', path: '/v1/merchant/wallets/currencies', root: 'merchantWallet',
    summary: "Currencies of the merchant's wallets (the portal asks page 0, size 10000).", query: walletFilter,
    response: pageOf(currency),
  },
  countries: {
    method: 'GET', path: '/v1/merchant/wallets/countries', root: 'merchantWallet',
    summary: "Countries of the merchant's wallets.", query: walletFilter, response: pageOf(country),
  },
  banks: {
    method: 'GET', path: '/v1/merchant/wallets/banks', root: 'merchantWallet',
    summary: "Banks of the merchant's wallets.", query: walletFilter, response: pageOf(bank),
  },
  configByCategory: {
    method: 'GET', path: '/v1/merchant/wallets/config/{walletId}/category/{transactionCategory}', root: 'merchantWallet',
    summary: 'The config of a wallet for a transaction category.', pathParams: configByCategory, response: walletConfig,
  },
  position: {
    method: 'GET', path: '/v1/merchant/wallets/position/{id}', root: 'merchantWallet',
    summary: 'Position of one wallet.', pathParams: byId, response: walletPosition,
  },
  positionSummary: {
    method: 'GET', path: '/v1/merchant/wallets/position/summary', root: 'merchantWallet',
    summary: 'Positions grouped by currency, country or wallet.', query: positionFilter, response: z.array(positionSummaryRow),
  },
  positionActivity: {
    method: 'GET', path: '/v1/merchant/wallets/position/activity', root: 'merchantWallet',
    summary: 'Movements of wallet positions.', query: positionActivityFilter, response: pageOf(positionActivity),
  },
  serviceProviderWallets: {
    method: 'GET', path: '/v1/merchant/service-provider/wallets', root: 'merchantWallet',
    summary: 'Service-provider wallets a merchant wallet can settle into.', query: spWalletFilter, response: pageOf(wallet),
  },
  activity: {
    method: 'GET', path: '/v1/merchant/wallets/activity', root: 'merchantWallet',
    summary: "Activity lines of the merchant's wallets.", query: activityFilter, response: pageOf(statementLine),
  },
  summary: {
    method: 'GET', path: '/v1/merchant/wallets/summary', root: 'merchantWallet',
    summary: "Wallet figures grouped (balances, reserves, open positions).", query: positionFilter,
    response: z.array(positionSummaryRow),
  },
  createBankAccount: {
    method: 'POST', path: '/v1/merchant/bank-accounts', root: 'merchantWallet', creates: true, status: 201,
    summary: 'Registers a bank account of the merchant.', body: bankAccountCreate, response: bankAccount,
  },
  creditPositionSummary: {
    method: 'GET', path: '/v1/merchant/credits/position/summary', root: 'merchantWallet',
    summary: 'Credit positions of the merchant grouped by currency.', query: positionFilter,
    response: z.array(positionSummaryRow),
  },
});

export const internalWallets = defineArea('internalWallets', {
  list: {
    method: 'GET', path: '/v1/internal/merchant/wallets', root: 'merchantWallet',
    summary: 'Merchant wallets of any merchant.', query: walletFilter, response: pageOf(wallet),
  },
  setStatus: {
    method: 'PUT', path: '/v1/internal/merchant/wallets', root: 'merchantWallet',
    summary: 'Sets the status of the wallets matching merchantServiceId, serviceProviderId and type.',
    query: z.object({
      merchantServiceId: z.string().optional(),
      serviceProviderId: z.string().optional(),
      status: walletStatus,
      type: walletType.optional(),
    }),
    response: z.object({ updated: z.number().int() }),
  },
  settlementWallets: {
    method: 'GET', path: '/v1/internal/merchant/settlement/wallets', root: 'merchantWallet',
    summary: 'Settlement wallets of merchants.', query: walletFilter, response: pageOf(wallet),
  },
  createSettlementWallet: {
    method: 'POST', path: '/v1/internal/merchant/settlement/wallets', root: 'merchantWallet', creates: true, status: 201,
    summary: 'Creates a settlement wallet for a merchant.', body: paymentWalletCreate, response: wallet,
  },
  createPaymentWallet: {
    method: 'POST', path: '/v1/internal/merchant/payment/wallet', root: 'merchantWallet', creates: true, status: 201,
    summary: 'Creates a payment wallet for a merchant.', body: paymentWalletCreate, response: wallet,
  },
  spMerchantConfigByCategory: {
    method: 'GET', path: '/v1/internal/service-provider/merchant/wallets/config/{walletId}/category/{transactionCategory}',
    root: 'spWallet', summary: 'Config of a merchant wallet for a transaction category.',
    pathParams: configByCategory, response: walletConfig,
  },
  get: {
    method: 'GET', path: '/v1/internal/merchant/wallets/{id}', root: 'merchantWallet',
    summary: 'One merchant wallet.', pathParams: byId, response: wallet,
  },
  limit: {
    method: 'GET', path: '/v1/internal/merchant/wallets/{id}/limit', root: 'merchantWallet',
    summary: 'What a merchant wallet may still spend.', pathParams: byId, response: walletLimit,
  },
  summary: {
    method: 'GET', path: '/v1/internal/merchant/wallets/summary', root: 'merchantWallet',
    summary: 'Merchant wallet figures grouped.', query: positionFilter, response: z.array(positionSummaryRow),
  },
  accountingConfig: {
    method: 'GET', path: '/v1/internal/merchant/wallets/accounting-config/{walletId}', root: 'merchantWallet',
    summary: 'Accounting config of a merchant wallet.', pathParams: byWallet,
    query: z.object({ tspId: z.string().optional() }), response: accountingConfig,
  },
});

export const merchantAccounting = defineArea('merchantAccounting', {
  list: {
    method: 'GET', path: '/m/api/v1/wallets/accounting-config', root: 'merchantWallet',
    summary: "Accounting config of the merchant's wallets.", query: accountingConfigFilter, response: pageOf(accountingConfig),
  },
  upsert: {
    method: 'POST', path: '/m/api/v1/wallets/accounting-config', root: 'merchantWallet', creates: true,
    summary: 'Creates or updates the accounting config of a wallet.', body: accountingConfigBody, response: accountingConfig,
  },
});

export const spWallets = defineArea('spWallets', {
  list: {
    method: 'GET', path: '/v1/service-provider/wallets', root: 'spWallet',
    summary: "The TSP's wallets.", query: spWalletFilter, response: pageOf(wallet),
  },
  create: {
    method: 'POST', path: '/v1/service-provider/wallets', root: 'spWallet', creates: true, status: 201,
    summary: 'Creates a TSP wallet.', body: spWalletCreate, response: wallet,
  },
  get: {
    method: 'GET', path: '/v1/service-provider/wallets/{id}', root: 'spWallet',
    summary: 'One TSP wallet.', pathParams: byId, response: wallet,
  },
  update: {
    method: 'PUT', path: '/v1/service-provider/wallets/{id}', root: 'spWallet',
    summary: 'Updates a TSP wallet.', pathParams: byId, body: walletUpdate, response: wallet,
  },
  currencies: {
    method: 'GET', path: '/v1/service-provider/wallets/currencies', root: 'spWallet',
    summary: "Currencies of the TSP's wallets.", query: spWalletFilter, response: pageOf(currency),
  },
  countries: {
    method: 'GET', path: '/v1/service-provider/wallets/countries', root: 'spWallet',
    summary: "Countries of the TSP's wallets.", query: spWalletFilter, response: pageOf(country),
  },
  banks: {
    method: 'GET', path: '/v1/service-provider/wallets/banks', root: 'spWallet',
    summary: "Banks of the TSP's wallets.", query: spWalletFilter, response: pageOf(bank),
  },
  configs: {
    method: 'GET', path: '/v1/service-provider/wallets/config', root: 'spWallet',
    summary: 'Wallet configs.', query: walletConfigFilter, response: pageOf(walletConfig),
  },
  createConfig: {
    method: 'POST', path: '/v1/service-provider/wallets/config', root: 'spWallet', creates: true, status: 201,
    summary: 'Creates a wallet config.', body: walletConfigBody, response: walletConfig,
  },
  config: {
    method: 'GET', path: '/v1/service-provider/wallets/config/{id}', root: 'spWallet',
    summary: 'One wallet config.', pathParams: byId, response: walletConfig,
  },
  updateConfig: {
    method: 'PUT', path: '/v1/service-provider/wallets/config/{id}', root: 'spWallet',
    summary: 'Updates a wallet config.', pathParams: byId, body: walletConfigBody, response: walletConfig,
  },
  deleteConfig: {
    method: 'DELETE', path: '/v1/service-provider/wallets/config/{id}', root: 'spWallet', status: 204,
    summary: 'Deletes a wallet config; no body in the answer.', pathParams: byId, response: noContent,
  },
  configByCategory: {
    method: 'GET', path: '/v1/service-provider/wallets/config/{walletId}/category/{category}', root: 'spWallet',
    summary: 'Config of a TSP wallet for a transaction category.', pathParams: pathParams('walletId', 'category'),
    response: walletConfig,
  },
  accountingConfigs: {
    method: 'GET', path: '/v1/service-provider/wallets/accounting-config', root: 'spWallet',
    summary: 'Accounting configs of TSP wallets, paged by walletId.', query: accountingConfigFilter,
    response: pageOf(accountingConfig),
  },
  upsertAccountingConfig: {
    method: 'POST', path: '/v1/service-provider/wallets/accounting-config', root: 'spWallet', creates: true,
    summary: 'Creates or updates the accounting config of a TSP wallet.', body: accountingConfigBody,
    response: accountingConfig,
  },
  accountingConfig: {
    method: 'GET', path: '/v1/service-provider/wallets/accounting-config/{walletId}', root: 'spWallet',
    summary: 'Accounting config of one TSP wallet (paged history).', pathParams: byWallet, query: z.object({ ...paging }),
    response: pageOf(accountingConfig),
  },
  position: {
    method: 'GET', path: '/v1/service-provider/wallets/position/{id}', root: 'spWallet',
    summary: 'Position of one TSP wallet.', pathParams: byId, response: walletPosition,
  },
  positionSummary: {
    method: 'GET', path: '/v1/service-provider/wallets/position/summary', root: 'spWallet',
    summary: 'TSP positions grouped.', query: positionSummaryFilter, response: z.array(positionSummaryRow),
  },
  correspondentAccountPosition: {
    method: 'GET', path: '/s/api/v1/wallets/{id}/position/correspondent-account', root: 'spWallet',
    summary: 'Position of the correspondent account behind a wallet.', pathParams: byId, response: walletPosition,
  },
  publicWallets: {
    method: 'GET', path: '/c/api/v1/sp/wallets/public', root: 'spWallet',
    summary: 'TSP wallets open to merchants (settlement targets).', query: spWalletFilter, response: pageOf(wallet),
  },
  linkedWalletsMigration: {
    method: 'GET', path: '/s/api/v1/sp/linked-wallets/migration', root: 'spWallet',
    summary: 'Merchant wallets still to be linked to a TSP wallet, with the proposed link.', query: tspIdQuery,
    response: z.array(z.object({ msWalletId: z.string(), currency: z.string(), proposedSpWalletId: z.string().nullable() })),
  },
  merchantWallets: {
    method: 'GET', path: '/v1/service-provider/merchant/wallets', root: 'spWallet',
    summary: "Wallets of the TSP's merchants.", query: walletFilter, response: pageOf(wallet),
  },
  merchantWallet: {
    method: 'GET', path: '/v1/service-provider/merchant/wallets/{id}', root: 'spWallet',
    summary: 'One merchant wallet.', pathParams: byId, response: wallet,
  },
  updateMerchantWallet: {
    method: 'PUT', path: '/v1/service-provider/merchant/wallets/{id}', root: 'spWallet',
    summary: 'Approves, blocks or changes a merchant wallet.', pathParams: byId, body: walletUpdate, response: wallet,
  },
  merchantConfigs: {
    method: 'GET', path: '/v1/service-provider/merchant/wallets/config', root: 'spWallet',
    summary: 'Configs of merchant wallets.', query: walletConfigFilter, response: pageOf(walletConfig),
  },
  createMerchantConfig: {
    method: 'POST', path: '/v1/service-provider/merchant/wallets/config', root: 'spWallet', creates: true, status: 201,
    summary: 'Creates a merchant wallet config.', body: walletConfigBody, response: walletConfig,
  },
  merchantConfig: {
    method: 'GET', path: '/v1/service-provider/merchant/wallets/config/{id}', root: 'spWallet',
    summary: 'One merchant wallet config.', pathParams: byId, response: walletConfig,
  },
  updateMerchantConfig: {
    method: 'PUT', path: '/v1/service-provider/merchant/wallets/config/{id}', root: 'spWallet',
    summary: 'Updates a merchant wallet config.', pathParams: byId, body: walletConfigBody, response: walletConfig,
  },
  deleteMerchantConfig: {
    method: 'DELETE', path: '/v1/service-provider/merchant/wallets/config/{id}', root: 'spWallet', status: 204,
    summary: 'Deletes a merchant wallet config.', pathParams: byId, response: noContent,
  },
  activity: {
    method: 'GET', path: '/v1/tsp/wallets/activity', root: 'spWallet',
    summary: "Activity lines of the TSP's wallets.", query: spActivityFilter, response: pageOf(statementLine),
  },
  activitySummary: {
    method: 'GET', path: '/v1/tsp/wallets/activity/summary', root: 'spWallet',
    summary: 'TSP wallet activity grouped.', query: spActivitySummaryFilter, response: z.array(statementSummaryRow),
  },
  merchantActivity: {
    method: 'GET', path: '/sp/v1/merchant/wallets/activity', root: 'spWallet',
    summary: "Activity lines of the TSP's merchant wallets.", query: spActivityFilter, response: pageOf(statementLine),
  },
  merchantActivitySummary: {
    method: 'GET', path: '/sp/v1/merchant/wallets/activity/summary', root: 'spWallet',
    summary: 'Merchant wallet activity grouped.', query: spActivitySummaryFilter, response: z.array(statementSummaryRow),
  },
  createBankAccount: {
    method: 'POST', path: '/v1/service-provider/bank-accounts', root: 'spWallet', creates: true, status: 201,
    summary: 'Registers a bank account of the TSP.', body: bankAccountCreate, response: bankAccount,
  },
  banksOf: {
    method: 'GET', path: '/v1/service-provider/{serviceProviderId}/banks', root: 'spWallet',
    summary: 'Banks a TSP works with.', pathParams: pathParams('serviceProviderId'), query: z.object({ ...paging }),
    response: pageOf(bank),
  },
});
