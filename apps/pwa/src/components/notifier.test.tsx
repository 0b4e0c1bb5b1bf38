import { act, screen, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notify } from '@/lib/notifications.ts';
import { Notifier } from './notifier.tsx';

describe('notifications (spec 1, sections 3 and 4.8)', () => {
  it('renders the catalogue texts with the invalid parameters', () => {
    render(<Notifier />);
    act(() => {
      notify({
        type: 'error',
        i18nMessage: 'errors.server',
        messageParams: { code: 'DB_DOWN' },
        errorList: [{ parameter: 'amount', message: 'must be positive' }],
      });
    });
    const note = screen.getByTestId('notification');
    expect(note.getAttribute('data-type')).toBe('error');
    expect(note.textContent).toContain('Something went wrong. Please contact support. Error code : DB_DOWN');
    expect(note.textContent).toContain('amount: must be positive');
    expect(note.textContent).toContain('Error');
  });
});
