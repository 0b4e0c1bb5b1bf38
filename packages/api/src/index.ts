import { bankNotifications } from './contract/bank-notifications.ts';
import { files } from './contract/files.ts';
import { internal } from './contract/internal-tooling.ts';
import { merchantServices, serviceProviders } from './contract/organisations.ts';
import { reference } from './contract/reference.ts';
import { users } from './contract/users.ts';
import type { CallDefinition } from './define.ts';

export * from './define.ts';
export * from './schemas/common.ts';
export * from './schemas/reference.ts';
export * from './schemas/organisations.ts';
export * from './contract/users.ts';
export * from './contract/files.ts';
export * from './contract/internal-tooling.ts';
export * from './contract/organisations.ts';
export * from './contract/reference.ts';
export * from './contract/bank-notifications.ts';

/** Every call of the catalogue, keyed by call id `<area>.<name>`. */
export const contract = {
  ...users,
  ...files,
  ...reference,
  ...internal,
  ...serviceProviders,
  ...merchantServices,
  ...bankNotifications,
};
export type Contract = typeof contract;
export type CallId = keyof Contract;

/** The same definitions, seen through the common shape (for generic code: servers, OpenAPI, tools). */
export const definitions: Readonly<Record<CallId, CallDefinition>> = contract;
