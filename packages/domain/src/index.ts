// The public entry of @corridor/domain: every business rule of the spec, pure and named.
export * from './money.ts';
export * from './fx.ts';
export * from './markups.ts';
export * from './fees.ts';
export * from './receipt.ts';
export * from './status.ts';
export * from './table.ts';
export * from './dates.ts';
export * from './quote.ts';
export * from './payment-status.ts';
export * from './validation.ts';
export * from './constants.ts';
export * from './pricing.ts';
export * from './ledger.ts';
export * from './navigation.ts';
export * from './session.ts';
export * from './iban.ts';
