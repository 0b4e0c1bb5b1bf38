import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, paging, pathParams, stringList } from '../schemas/common.ts';
import {
  accountCategory,
  bank,
  bankBranch,
  bankCountryCurrency,
  codeName,
  correspondent,
  country,
  currency,
  idName,
  mto,
  rateProvider,
  tradingCurrency,
} from '../schemas/reference.ts';

/** Reference lists take an optional free-text query, the list's own filters and paging. */
function listQuery<const F extends string>(...fields: F[]) {
  const shape = {} as Record<F, z.ZodOptional<z.ZodString>>;
  for (const f of fields) shape[f] = z.string().optional();
  return z.object({ ...shape, codes: stringList, ...paging });
}

export const reference = defineArea('reference', {
  accountTypes: {
    method: 'GET', path: '/v1/account-types', root: 'referenceData',
    summary: 'Lists account types.', query: listQuery('query'), response: pageOf(codeName),
  },
  accountTypeByCode: {
    method: 'GET', path: '/v1/account-types/{code}', root: 'referenceData',
    summary: 'One of the account types by code.', pathParams: pathParams('code'), response: codeName,
  },
  accountCategories: {
    method: 'GET', path: '/v1/master/categories/account', root: 'referenceData',
    summary: 'Lists account categories (100 correspondent settlement ... 999 others).', query: listQuery('query'), response: pageOf(accountCategory),
  },
  accountCategoryByCode: {
    method: 'GET', path: '/v1/master/categories/account/{code}', root: 'referenceData',
    summary: 'One of the account categories by code.', pathParams: pathParams('code'), response: accountCategory,
  },
  transactionCategories: {
    method: 'GET', path: '/v1/master/categories/transaction', root: 'referenceData',
    summary: 'Lists transaction categories.', query: listQuery('query'), response: pageOf(codeName),
  },
  transactionCategoryByCode: {
    method: 'GET', path: '/v1/master/categories/transaction/{code}', root: 'referenceData',
    summary: 'One of the transaction categories by code.', pathParams: pathParams('code'), response: codeName,
  },
  bankBranches: {
    method: 'GET', path: '/v1/bank-branches', root: 'referenceData',
    summary: 'Lists bank branches.', query: listQuery('query', 'bankCode', 'countryCode'), response: pageOf(bankBranch),
  },
  bankBranchByCode: {
    method: 'GET', path: '/v1/bank-branches/{code}', root: 'referenceData',
    summary: 'One of the bank branches by code.', pathParams: pathParams('code'), response: bankBranch,
  },
  bankCountryCurrencies: {
    method: 'GET', path: '/v1/bank-country-currencies', root: 'referenceData',
    summary: 'Lists bank, country and currency combinations.', query: listQuery('bankCode', 'currencyCode'), response: pageOf(bankCountryCurrency),
  },
  bankCountryCurrenciesByCountry: {
    method: 'GET', path: '/v1/bank-country-currencies/{countryCode}', root: 'referenceData',
    summary: 'One of the bank, country and currency combinations by countryCode.', pathParams: pathParams('countryCode'), response: z.array(bankCountryCurrency),
  },
  banks: {
    method: 'GET', path: '/v1/banks', root: 'referenceData',
    summary: 'Lists banks.', query: listQuery('query', 'countryCode', 'currencyCode'), response: pageOf(bank),
  },
  bankByCode: {
    method: 'GET', path: '/v1/banks/{code}', root: 'referenceData',
    summary: 'One of the banks by code.', pathParams: pathParams('code'), response: bank,
  },
  businessTypes: {
    method: 'GET', path: '/v1/master/types/business', root: 'referenceData',
    summary: 'Lists business types.', query: listQuery('query'), response: pageOf(codeName),
  },
  businessTypeByCode: {
    method: 'GET', path: '/v1/master/types/business/{code}', root: 'referenceData',
    summary: 'One of the business types by code.', pathParams: pathParams('code'), response: codeName,
  },
  partnerTypes: {
    method: 'GET', path: '/v1/master/types/partner', root: 'referenceData',
    summary: 'Lists partner types.', query: listQuery('query'), response: pageOf(codeName),
  },
  partnerTypeByCode: {
    method: 'GET', path: '/v1/master/types/partner/{code}', root: 'referenceData',
    summary: 'One of the partner types by code.', pathParams: pathParams('code'), response: codeName,
  },
  channels: {
    method: 'GET', path: '/v1/master/channel', root: 'referenceData',
    summary: 'Lists channels.', query: listQuery('query'), response: pageOf(idName),
  },
  channelById: {
    method: 'GET', path: '/v1/master/channel/{id}', root: 'referenceData',
    summary: 'One of the channels by id.', pathParams: pathParams('id'), response: idName,
  },
  deliveryModes: {
    method: 'GET', path: '/v1/master/delivery-mode', root: 'referenceData',
    summary: 'Lists delivery modes.', query: listQuery('query'), response: pageOf(idName),
  },
  deliveryModeById: {
    method: 'GET', path: '/v1/master/delivery-mode/{id}', root: 'referenceData',
    summary: 'One of the delivery modes by id.', pathParams: pathParams('id'), response: idName,
  },
  correspondents: {
    method: 'GET', path: '/v1/correspondent', root: 'referenceData',
    summary: 'Lists correspondents.', query: listQuery('query', 'countryCode', 'currencyCode'), response: pageOf(correspondent),
  },
  correspondentById: {
    method: 'GET', path: '/v1/correspondent/{correspondentId}', root: 'referenceData',
    summary: 'One of the correspondents by correspondentId.', pathParams: pathParams('correspondentId'), response: correspondent,
  },
  tradingCurrencies: {
    method: 'GET', path: '/v1/trading-currencies', root: 'referenceData',
    summary: 'Lists trading currencies.', query: listQuery('query'), response: pageOf(tradingCurrency),
  },
  tradingCurrencyByCode: {
    method: 'GET', path: '/v1/trading-currencies/{code}', root: 'referenceData',
    summary: 'One of the trading currencies by code.', pathParams: pathParams('code'), response: tradingCurrency,
  },
  countries: {
    method: 'GET', path: '/v1/countries', root: 'referenceData',
    summary: 'Lists countries.', query: listQuery('query'), response: pageOf(country),
  },
  countryByCode: {
    method: 'GET', path: '/v1/countries/{code}', root: 'referenceData',
    summary: 'One of the countries by code.', pathParams: pathParams('code'), response: country,
  },
  currencies: {
    method: 'GET', path: '/v1/currencies', root: 'referenceData',
    summary: 'Lists currencies.', query: listQuery('query', 'countryCode'), response: pageOf(currency),
  },
  currencyByCode: {
    method: 'GET', path: '/v1/currencies/{code}', root: 'referenceData',
    summary: 'One of the currencies by code.', pathParams: pathParams('code'), response: currency,
  },
  mtos: {
    method: 'GET', path: '/v1/mto', root: 'referenceData',
    summary: 'Lists money transfer operators.', query: listQuery('query', 'countryCode'), response: pageOf(mto),
  },
  mtoById: {
    method: 'GET', path: '/v1/mto/{id}', root: 'referenceData',
    summary: 'One of the money transfer operators by id.', pathParams: pathParams('id'), response: mto,
  },
  transactionPurposes: {
    method: 'GET', path: '/v1/transaction-purposes', root: 'referenceData',
    summary: 'Lists transaction purposes.', query: listQuery('query'), response: pageOf(idName),
  },
  transactionPurposeById: {
    method: 'GET', path: '/v1/transaction-purposes/{id}', root: 'referenceData',
    summary: 'One of the transaction purposes by id.', pathParams: pathParams('id'), response: idName,
  },
  fundSources: {
    method: 'GET', path: '/v1/fund-sources', root: 'referenceData',
    summary: 'Lists sources of funds.', query: listQuery('query'), response: pageOf(idName),
  },
  fundSourceById: {
    method: 'GET', path: '/v1/fund-sources/{id}', root: 'referenceData',
    summary: 'One of the sources of funds by id.', pathParams: pathParams('id'), response: idName,
  },
  incomeSources: {
    method: 'GET', path: '/v1/income-sources', root: 'referenceData',
    summary: 'Lists sources of income.', query: listQuery('query'), response: pageOf(idName),
  },
  incomeSourceById: {
    method: 'GET', path: '/v1/income-sources/{id}', root: 'referenceData',
    summary: 'One of the sources of income by id.', pathParams: pathParams('id'), response: idName,
  },
  rateProviders: {
    method: 'GET', path: '/v1/master/rates/providers', root: 'referenceData',
    summary: 'Lists rate providers.', query: listQuery('query'), response: pageOf(rateProvider),
  },
  transactionCategoryList: {
    method: 'GET', path: '/v1/master/transaction-category', root: 'referenceData',
    summary: 'Lists transaction categories (flat master list).', query: listQuery('query'), response: pageOf(codeName),
  },
  productTypes: {
    method: 'GET', path: '/v1/master/product-type', root: 'referenceData',
    summary: 'Lists product types.', query: listQuery('query'), response: pageOf(codeName),
  },
  dealTypes: {
    method: 'GET', path: '/v1/master/deal-types', root: 'referenceData',
    summary: 'Lists deal types (CASH, TOM, SPOT, FWD).', query: listQuery('query'), response: pageOf(codeName),
  },
  consumerTypes: {
    method: 'GET', path: '/v1/master/consumer-types', root: 'referenceData',
    summary: 'Lists consumer types.', query: listQuery('query'), response: pageOf(codeName),
  },
  collectionModes: {
    method: 'GET', path: '/v1/master/collection-mode', root: 'referenceData',
    summary: 'Lists collection modes.', query: listQuery('query'), response: pageOf(codeName),
  },
  spCollectionModes: {
    method: 'GET', path: '/sp/v1/master/collection-mode', root: 'referenceData',
    summary: 'Lists collection modes (service-provider side).', query: listQuery('query'), response: pageOf(codeName),
  },
  merchantCollectionModes: {
    method: 'GET', path: '/merchant/v1/master/collection-mode', root: 'referenceData',
    summary: 'Lists collection modes (merchant side).', query: listQuery('query'), response: pageOf(codeName),
  },
  internalBankByCode: {
    method: 'GET', path: '/v1/internal/banks/{code}', root: 'referenceData',
    summary: 'Internal lookup of a bank by code.', pathParams: pathParams('code'), response: bank,
  },
  internalBankBranchByCode: {
    method: 'GET', path: '/v1/internal/bank-branches/{code}', root: 'referenceData',
    summary: 'Internal lookup of a bank branch by code.', pathParams: pathParams('code'), response: bankBranch,
  },
});
