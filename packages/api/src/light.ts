/*
 * The client without the contract's schemas, for the portal's first screen: the route table says how
 * to send each call; the types still come from the contract (type-only imports cost nothing at run time).
 */
export { ApiError, apiErrorFromResponse, isApiError } from './api-error.ts';
export { callRoutes } from './call-routes.ts';
export {
  authorizationFor,
  createRouteClient,
  DEFAULT_TIMEOUT_MS,
  newIdempotencyKey,
  paginate,
  type CallArgsById,
  type CallInput,
  type CallOutput,
  type Client,
  type ClientOptions,
  type FailedRequest,
  type PageItem,
  type RawInput,
} from './client-core.ts';
export type { BackendRoot, CallRoute } from './define.ts';
export type { CallId, Contract } from './contract.ts';
export * from './wire/index.ts';
export type { CurrentUser } from './contract/users.ts';
