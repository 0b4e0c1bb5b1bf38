import { z } from 'zod';
import { defineArea } from '../define.ts';
import { pageOf, pathParams } from '../schemas/common.ts';
import {
  reconciliationDay,
  reconciliationException,
  reconciliationExceptionFilter,
  reconciliationFilter,
  resolveExceptionBody,
} from '../schemas/reconciliation.ts';

const base = '/v1/service-provider/reconciliation';
const byId = pathParams('exceptionId');

/** Our addition to the catalogue: the reconciliation of the TSP's incentive settlements. */
export const reconciliation = defineArea('reconciliation', {
  days: {
    method: 'GET',
    path: `${base}/days`,
    root: 'spWallet',
    summary: 'Expected against settled amounts per settlement wallet and day.',
    query: reconciliationFilter,
    response: z.array(reconciliationDay),
  },
  exceptions: {
    method: 'GET',
    path: `${base}/exceptions`,
    root: 'spWallet',
    summary: 'Excess, shortfalls and unsettled settlements, with their resolutions.',
    query: reconciliationExceptionFilter,
    response: pageOf(reconciliationException),
  },
  resolve: {
    method: 'POST',
    path: `${base}/exceptions/{exceptionId}/resolve`,
    root: 'spWallet',
    creates: true,
    status: 201,
    summary: 'Resolves an exception with a reason; with an adjustment it waits for a second user.',
    pathParams: byId,
    body: resolveExceptionBody,
    response: reconciliationException,
  },
  approve: {
    method: 'POST',
    path: `${base}/exceptions/{exceptionId}/approve`,
    root: 'spWallet',
    summary: 'A second user approves a resolution that posts an adjustment: the adjustment is posted.',
    pathParams: byId,
    response: reconciliationException,
  },
  reject: {
    method: 'POST',
    path: `${base}/exceptions/{exceptionId}/reject`,
    root: 'spWallet',
    summary: 'A second user refuses a resolution that would post an adjustment: the exception is open again.',
    pathParams: byId,
    response: reconciliationException,
  },
});
