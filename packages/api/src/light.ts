/*
 * The client without the contract's schemas, for the portal's first screen: the route table says how
 * to send each call; the types still come from the contract (type-only imports cost nothing at run time).
 */
export { ApiError, apiErrorFromResponse, isApiError } from './api-error.ts';
export { createRouteClient, DEFAULT_TIMEOUT_MS, type Client, type FailedRequest } from './client-core.ts';
export type { BackendRoot } from './define.ts';
export * from './wire/index.ts';
export type { CurrentUser } from './contract/users.ts';
