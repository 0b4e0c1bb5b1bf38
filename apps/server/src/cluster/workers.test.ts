import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { workersOf } from './workers.ts';

describe('CORRIDOR_WORKERS', () => {
  it('is one process unless asked, and a whole number or auto when asked', () => {
    expect(workersOf({})).toBeNull();
    expect(workersOf({ CORRIDOR_WORKERS: '' })).toBeNull();
    expect(workersOf({ CORRIDOR_WORKERS: '1' })).toBeNull();
    expect(workersOf({ CORRIDOR_WORKERS: '4' })).toBe(4);
    expect(workersOf({ CORRIDOR_WORKERS: 'auto' })).toBe(availableParallelism() > 1 ? availableParallelism() : null);
  });

  it('refuses a value it would have to guess, naming it', () => {
    for (const bad of ['0', '-2', '2.5', 'two', '65', '1e3']) {
      expect(() => workersOf({ CORRIDOR_WORKERS: bad })).toThrow(ConfigError);
      expect(() => workersOf({ CORRIDOR_WORKERS: bad })).toThrow(`got '${bad}'`);
    }
  });
});
