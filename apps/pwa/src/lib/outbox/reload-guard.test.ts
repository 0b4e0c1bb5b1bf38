import { describe, expect, it } from 'vitest';
import { reloadBlocker, setFormDirty } from './reload-guard.ts';

describe('what holds back a reload for a new version', () => {
  it('unsent payments, then a dirty form; nothing once both are gone', async () => {
    expect(await reloadBlocker('u-1', async () => 3)).toEqual({ kind: 'unsent', count: 3 });
    expect(await reloadBlocker('u-1', async () => 0)).toBeNull();
    setFormDirty('draft-1', true);
    expect(await reloadBlocker('u-1', async () => 0)).toEqual({ kind: 'form' });
    expect(await reloadBlocker(null, async () => 5)).toEqual({ kind: 'form' });
    setFormDirty('draft-1', false);
    expect(await reloadBlocker('u-1', async () => 0)).toBeNull();
  });
});
