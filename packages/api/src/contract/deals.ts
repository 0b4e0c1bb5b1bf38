import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, pathParams, queryDate } from '../schemas/common.ts';
import { dealPositionFilter } from '../schemas/filters.ts';
import { dealType } from '../schemas/markups.ts';
import { dealPosition } from '../schemas/trading.ts';

export const dealPositions = defineArea('dealPositions', {
  list: {
    method: 'GET',
    path: '/sp/v1/deals/positions',
    root: 'spWallet',
    summary: 'Deal positions by wallet, currency and value date.',
    query: dealPositionFilter,
    response: pageOf(dealPosition),
  },
  byWallet: {
    method: 'GET',
    path: '/sp/v1/deals/positions/{walletId}',
    root: 'spWallet',
    summary: 'Deal positions of one wallet.',
    pathParams: pathParams('walletId'),
    query: z.object({ valueDate: queryDate.optional(), dealType: dealType.optional() }),
    response: z.array(dealPosition),
  },
  summary: {
    method: 'GET',
    path: '/sp/v1/deals/positions/summary',
    root: 'spWallet',
    summary: 'Deal positions totalled by currency and deal type.',
    query: dealPositionFilter,
    response: z.array(dealPosition),
  },
});
