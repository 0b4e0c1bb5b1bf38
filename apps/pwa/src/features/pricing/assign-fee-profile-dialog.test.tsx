import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@corridor/api';
import { AssignFeeProfileDialog } from './assign-fee-profile-dialog.tsx';

const calls: Array<{ id: string; input: unknown }> = [];
const answers: Array<() => Promise<unknown>> = [];

vi.mock('@/lib/api-client.ts', () => ({
  api: {
    call: (id: string, input: unknown) => {
      calls.push({ id, input });
      return (answers.shift() ?? (() => Promise.reject(new Error('no answer queued'))))();
    },
  },
}));

const premium = { id: 'fp-premium', name: 'Premium' };
const merchants = {
  content: [
    { id: 'mp-globex', merchantName: 'Globex Trading', merchantFeeProfileId: 'fp-premium' },
    { id: 'mp-initech', merchantName: 'Initech Imports', merchantFeeProfileId: 'fp-standard' },
  ],
  page: 0,
  size: 500,
  totalElements: 2,
  totalPages: 1,
};

beforeEach(() => {
  calls.length = 0;
  answers.length = 0;
});

describe('assign fee profile dialog', () => {
  it("lists the TSP's merchants, then sends the merchant profile update with the fee profile", async () => {
    answers.push(
      () => Promise.resolve(merchants),
      () => Promise.resolve({}),
    );
    const onAssigned = vi.fn();
    const onClose = vi.fn();
    render(<AssignFeeProfileDialog profile={premium} onAssigned={onAssigned} onClose={onClose} />);
    const select = (await screen.findByTestId('assign-fee-profile-merchant')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    expect(calls[0]).toEqual({ id: 'merchantProfiles.spList', input: { query: { page: 0, size: 500, status: 'ACTIVE' } } });
    // A merchant already on the profile is shown, not offered.
    const globex = screen.getByRole('option', { name: 'Globex Trading (already on this profile)' }) as HTMLOptionElement;
    expect(globex.disabled).toBe(true);

    fireEvent.change(select, { target: { value: 'mp-initech' } });
    fireEvent.click(screen.getByTestId('assign-fee-profile-submit'));
    await waitFor(() => expect(onAssigned).toHaveBeenCalled());
    expect(calls[1]).toEqual({ id: 'merchantProfiles.spUpdate', input: { path: { id: 'mp-initech' }, body: { merchantFeeProfileId: 'fp-premium' } } });
    expect(onClose).toHaveBeenCalled();
  });

  it('asks for a merchant before sending, and shows the server refusal under the choice', async () => {
    answers.push(
      () => Promise.resolve(merchants),
      () =>
        Promise.reject(
          new ApiError({
            status: 400,
            code: 'VALIDATION_FAILED',
            message: 'The request has invalid parameters',
            invalidParameters: [{ parameter: 'merchantFeeProfileId', message: "only the merchant's own service provider assigns its pricing profiles" }],
          }),
        ),
    );
    const onAssigned = vi.fn();
    render(<AssignFeeProfileDialog profile={premium} onAssigned={onAssigned} onClose={() => {}} />);
    const select = (await screen.findByTestId('assign-fee-profile-merchant')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.click(screen.getByTestId('assign-fee-profile-submit'));
    expect((await screen.findByTestId('assign-fee-profile-error')).textContent).toBe('Choose a merchant');
    expect(calls).toHaveLength(1);

    fireEvent.change(select, { target: { value: 'mp-initech' } });
    fireEvent.click(screen.getByTestId('assign-fee-profile-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('assign-fee-profile-error').textContent).toBe("only the merchant's own service provider assigns its pricing profiles"),
    );
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(onAssigned).not.toHaveBeenCalled();
  });
});
