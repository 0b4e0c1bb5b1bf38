import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@corridor/api';
import { SERVER_ERROR } from '@/components/form/form-field.tsx';
import { emptyFeeRuleForm, emptySlab, type FeeRuleForm } from './fee-form.ts';
import { showServerRefusals } from './server-refusals.ts';

function refusal(parameters: string[]): ApiError {
  return new ApiError({
    status: 400,
    code: 'VALIDATION_FAILED',
    message: 'Invalid request',
    invalidParameters: parameters.map((parameter) => ({ parameter, message: `${parameter} refused` })),
  });
}

describe('server refusals on the fee form', () => {
  it('lands each refused field on its own input, slab currencies on the one currency field', () => {
    const { result } = renderHook(() =>
      useForm<FeeRuleForm>({ defaultValues: { ...emptyFeeRuleForm('2026-11-23', 'AED'), slabs: [emptySlab('0'), emptySlab('100.01')] } }),
    );
    const shown = showServerRefusals(result.current, refusal(['slabs.1.slabValueFrom', 'slabs.0.slabCurrency', 'correspondentId', 'unknownField']));
    expect(shown).toBe(true);
    const errorOf = (name: Parameters<typeof result.current.getFieldState>[0]) => result.current.getFieldState(name).error;
    expect(errorOf('slabs.1.slabValueFrom')).toMatchObject({ type: SERVER_ERROR, message: 'slabs.1.slabValueFrom refused' });
    expect(errorOf('slabs.0.slabValueFrom')).toBeUndefined();
    expect(errorOf('slabCurrency')).toMatchObject({ type: SERVER_ERROR, message: 'slabs.0.slabCurrency refused' });
    expect(errorOf('correspondentId')?.message).toBe('correspondentId refused');
  });

  it('leaves the form alone for errors that name no field of it', () => {
    const { result } = renderHook(() => useForm<FeeRuleForm>({ defaultValues: emptyFeeRuleForm('2026-11-23') }));
    expect(showServerRefusals(result.current, refusal(['slabs.7.maxFee']))).toBe(false);
    expect(showServerRefusals(result.current, new Error('offline'))).toBe(false);
    expect(result.current.getFieldState('slabs').error).toBeUndefined();
  });
});
