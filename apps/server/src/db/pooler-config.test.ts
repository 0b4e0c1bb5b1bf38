import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

const base = { JWT_SECRET: 'pooler-config-test-secret-0123456789abcdef' };

describe('DATABASE_POOLER', () => {
  it('is no pooler unless told, and transaction pooling when told', () => {
    expect(loadConfig(base).databasePooler).toBeNull();
    expect(loadConfig({ ...base, DATABASE_POOLER: '' }).databasePooler).toBeNull();
    expect(loadConfig({ ...base, DATABASE_POOLER: 'transaction' }).databasePooler).toBe('transaction');
  });

  it('refuses a mode it does not support, naming the value', () => {
    for (const mode of ['session', 'statement', 'TRANSACTION', 'yes']) {
      expect(() => loadConfig({ ...base, DATABASE_POOLER: mode })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, DATABASE_POOLER: mode })).toThrow(`got '${mode}'`);
    }
  });
});
