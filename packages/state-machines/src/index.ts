export * from './api-errors.ts';
export * from './role-home.ts';
export * from './session.machine.ts';
export * from './quote.machine.ts';
export * from './outbox.machine.ts';
export * from './payment-draft.machine.ts';
export * from './approval.machine.ts';
