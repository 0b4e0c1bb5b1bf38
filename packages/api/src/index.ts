export * from './define.ts';
export * from './schemas/common.ts';
export * from './contract/users.ts';
