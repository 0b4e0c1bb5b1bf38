import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, paging, stringList, queryDate } from '../schemas/common.ts';
import { miscPayment, netOffCandidate, netOffPreview, settlementBody, settlementResult } from '../schemas/trading.ts';
import { netOffBody, netOffResult } from '../schemas/transactions.ts';

const base = '/tsp/v2/transactions';
/** Settling again with the same body corrects a settlement that is not yet posted. */
const settlementUpdate = settlementBody.extend({ settlementTransactionId: z.string().min(1) });

export const settlements = defineArea('settlements', {
  settleFx: {
    method: 'POST',
    path: `${base}/settlement/fx`,
    root: 'merchantTransactions',
    creates: true,
    status: 201,
    summary: 'Settles fx premium between the TSP and a merchant.',
    body: settlementBody,
    response: settlementResult,
  },
  updateFx: {
    method: 'PUT',
    path: `${base}/settlement/fx`,
    root: 'merchantTransactions',
    summary: 'Corrects an fx premium settlement.',
    body: settlementUpdate,
    response: settlementResult,
  },
  settleRebate: {
    method: 'POST',
    path: `${base}/settlement/rebate`,
    root: 'merchantTransactions',
    creates: true,
    status: 201,
    summary: 'Settles rebates between the TSP and a merchant.',
    body: settlementBody,
    response: settlementResult,
  },
  updateRebate: {
    method: 'PUT',
    path: `${base}/settlement/rebate`,
    root: 'merchantTransactions',
    summary: 'Corrects a rebate settlement.',
    body: settlementUpdate,
    response: settlementResult,
  },
  miscPayment: {
    method: 'POST',
    path: `${base}/payment/misc`,
    root: 'merchantTransactions',
    creates: true,
    status: 201,
    summary: 'A miscellaneous payment in or out of a TSP wallet.',
    body: miscPayment,
    response: settlementResult,
  },
  netOff: {
    method: 'POST',
    path: `${base}/net-off`,
    root: 'merchantTransactions',
    creates: true,
    status: 201,
    summary: 'Nets off merchant transactions of a TSP wallet.',
    body: netOffBody,
    response: netOffResult,
  },
  netOffCandidates: {
    method: 'GET',
    path: `${base}/net-off/candidates`,
    root: 'merchantTransactions',
    summary: 'Transactions that can be netted off.',
    query: z.object({
      spWalletId: z.string().min(1, 'spWalletId is required'),
      merchantServiceIds: stringList,
      targetCurrencyCodes: stringList,
      transactionIds: stringList,
      fromDate: queryDate.optional(),
      toDate: queryDate.optional(),
      ...paging,
    }),
    response: pageOf(netOffCandidate),
  },
  creditNetOffPreview: {
    method: 'GET',
    path: '/v1/service-provider/wallets/credit/net-off/preview',
    root: 'spWallet',
    summary: 'What a credit net-off of a wallet would post.',
    query: z.object({ walletId: z.string().min(1, 'walletId is required') }),
    response: netOffPreview,
  },
});
