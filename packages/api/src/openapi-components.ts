import { z } from 'zod';
import { fileLink, storedFile } from './contract/files.ts';
import { currentUser, managedUser } from './contract/users.ts';
import { amountObject, money } from './schemas/common.ts';
import { accountingConfig, creditLimit, creditRequest, wallet, walletConfig, walletPosition } from './schemas/wallets.ts';
import { cancellationStatus, payment } from './schemas/payments.ts';
import { approvalRecord, comment, timelineStep, transaction, transactionCancellation, transactionStatusRecord } from './schemas/transactions.ts';
import { feeForTransaction, feeRule, pricingModel } from './schemas/pricing.ts';
import { agentMarkup, layer1Markup, layer2Markup, markupProfile, volatileLayer } from './schemas/markups.ts';
import { currencyConfig, currencyDeal, fundingParty, globalConfig, revaluationConfig, revaluationRate } from './schemas/config.ts';
import { exchangeRate, quote } from './schemas/rates.ts';
import { accountingEntry, exportResult, statementLine, statementSummaryRow, voucher } from './schemas/ledger.ts';
import { chargeRecord, dealPosition, dealProfit } from './schemas/trading.ts';
import { assessment, beneficiary, merchantProfile, partner, profileDocument, profileSettlement } from './schemas/profiles.ts';
import { merchantService, serviceProvider } from './schemas/organisations.ts';
import { bank, bankBranch, country, currency } from './schemas/reference.ts';

/**
 * Entities named in the OpenAPI document: each appears once under components.schemas and is referenced
 * from every operation that uses it, instead of being repeated inline.
 */
const NAMED_SCHEMAS: ReadonlyArray<readonly [string, z.ZodType]> = [
  ['Money', money],
  ['AmountObject', amountObject],
  ['CurrentUser', currentUser],
  ['ManagedUser', managedUser],
  ['StoredFile', storedFile],
  ['FileLink', fileLink],
  ['Currency', currency],
  ['Country', country],
  ['Bank', bank],
  ['BankBranch', bankBranch],
  ['ServiceProvider', serviceProvider],
  ['MerchantService', merchantService],
  ['Wallet', wallet],
  ['WalletPosition', walletPosition],
  ['WalletConfig', walletConfig],
  ['AccountingConfig', accountingConfig],
  ['CreditRequest', creditRequest],
  ['CreditLimit', creditLimit],
  ['Payment', payment],
  ['PaymentCancellationStatus', cancellationStatus],
  ['Transaction', transaction],
  ['TransactionStatus', transactionStatusRecord],
  ['TransactionCancellation', transactionCancellation],
  ['ApprovalRecord', approvalRecord],
  ['Comment', comment],
  ['TimelineStep', timelineStep],
  ['FeeRule', feeRule],
  ['FeeForTransaction', feeForTransaction],
  ['PricingModel', pricingModel],
  ['AgentMarkup', agentMarkup],
  ['Layer1Markup', layer1Markup],
  ['Layer2Markup', layer2Markup],
  ['MarkupProfile', markupProfile],
  ['VolatileLayer', volatileLayer],
  ['CurrencyConfig', currencyConfig],
  ['CurrencyDeal', currencyDeal],
  ['GlobalConfig', globalConfig],
  ['FundingParty', fundingParty],
  ['RevaluationConfig', revaluationConfig],
  ['RevaluationRate', revaluationRate],
  ['ExchangeRate', exchangeRate],
  ['Quote', quote],
  ['Voucher', voucher],
  ['AccountingEntry', accountingEntry],
  ['StatementLine', statementLine],
  ['StatementSummaryRow', statementSummaryRow],
  ['ExportResult', exportResult],
  ['ChargeRecord', chargeRecord],
  ['DealProfit', dealProfit],
  ['DealPosition', dealPosition],
  ['Beneficiary', beneficiary],
  ['MerchantProfile', merchantProfile],
  ['Assessment', assessment],
  ['ProfileDocument', profileDocument],
  ['ProfileSettlement', profileSettlement],
  ['Partner', partner],
];

export function namedSchemaRegistry() {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of NAMED_SCHEMAS) registry.add(schema, { id });
  return registry;
}
