import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@corridor/api';
import { SERVER_ERROR } from '@/components/form/form-field.tsx';
import { formPathOf } from './fee-form.ts';

/** Whether `path` (`slabs.1.maxFee`) names a value the form holds. */
function holds(values: unknown, path: string): boolean {
  let node: unknown = values;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Puts each field the server refused on that field (its message as sent); returns whether any
 * landed, so the caller knows the form shows why. Refusals of fields the form lacks stay in the
 * notification the API client already shows.
 */
export function showServerRefusals<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  let shown = false;
  for (const p of error.invalidParameters) {
    const path = formPathOf(p.parameter);
    if (!holds(form.getValues(), path)) continue;
    form.setError(path as FieldPath<T>, { type: SERVER_ERROR, message: p.message }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
