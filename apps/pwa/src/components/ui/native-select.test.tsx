import { fireEvent, render, screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { FormField, SERVER_ERROR } from '@/components/form/form-field.tsx';
import { NativeSelect, codeChoices } from './native-select.tsx';

type Form = { currency: string };

/** A one-field form whose field the server has refused, as a dialog would show it. */
function CurrencyForm({ refused }: { refused?: string }) {
  const form = useForm<Form>({ defaultValues: { currency: '' } });
  return (
    <FormProvider {...form}>
      <FormField<Form, 'currency'>
        name="currency"
        id="fee-currency"
        label="Currency"
        render={(field) => (
          <NativeSelect {...field} data-testid="fee-currency" placeholder="Choose" choices={codeChoices([{ code: 'USD' }, { code: 'AED' }])} />
        )}
      />
      <button type="button" onClick={() => refused && form.setError('currency', { type: SERVER_ERROR, message: refused })}>
        refuse
      </button>
    </FormProvider>
  );
}

describe('NativeSelect', () => {
  it('lists the empty placeholder first, then the choices, and is found by its label', () => {
    render(<CurrencyForm />);
    const select = screen.getByLabelText('Currency') as HTMLSelectElement;
    expect(select.dataset.testid).toBe('fee-currency');
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Choose'],
      ['USD', 'USD'],
      ['AED', 'AED'],
    ]);
    fireEvent.change(select, { target: { value: 'AED' } });
    expect(select.value).toBe('AED');
  });

  it("points at the field's error for screen readers once the field is refused", () => {
    render(<CurrencyForm refused="Not offered" />);
    const select = screen.getByTestId('fee-currency');
    expect(select.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByText('refuse'));
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe('fee-currency-error');
    expect(screen.getByTestId('fee-currency-error').textContent).toBe('Not offered');
  });

  it('has no empty choice without a placeholder', () => {
    render(<NativeSelect aria-label="Status" choices={[{ value: 'ACTIVE', label: 'Active' }]} />);
    expect([...(screen.getByLabelText('Status') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['ACTIVE']);
  });
});
