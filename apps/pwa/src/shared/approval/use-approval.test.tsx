import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DecisionInput } from '@corridor/state-machines';
import { useApproval } from './use-approval.ts';

describe('useApproval', () => {
  it('sends the confirmed decision through the latest call and reports the round once', async () => {
    const calls: DecisionInput[] = [];
    const onSettled = vi.fn();
    const { result } = renderHook(() =>
      useApproval({
        decide: async (d) => {
          calls.push(d);
          if (d.id === 'cr-2') throw { status: 409, code: 'INVALID_TRANSITION', message: 'Already decided' };
        },
        onSettled,
      }),
    );
    expect(result.current.state).toBe('idle');
    act(() => result.current.start('reject', ['cr-1', 'cr-2']));
    act(() => result.current.confirm({ reason: '' }));
    expect(result.current.problems).toEqual(['reasonRequired']);
    act(() => result.current.confirm({ reason: 'Turnover too low' }));
    expect(result.current.busy).toBe(true);
    await waitFor(() => expect(result.current.state).toBe('refused'));
    expect(calls).toEqual([
      { action: 'reject', id: 'cr-1', reason: 'Turnover too low' },
      { action: 'reject', id: 'cr-2', reason: 'Turnover too low' },
    ]);
    expect(result.current.error?.code).toBe('INVALID_TRANSITION');
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(onSettled.mock.calls[0]?.[0]).toMatchObject({ decided: ['cr-1'], refused: [{ id: 'cr-2', ok: false }] });
    act(() => result.current.dismiss());
    expect(result.current.state).toBe('idle');
  });
});
