import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dismissNotification, getNotifications, notify } from '@/lib/notifications.ts';
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

describe('notification timing (spec 1, section 4.8 "show for 7 seconds and pause on hover")', () => {
  it('closes after 7 s, and the time spent hovered does not count', async () => {
    vi.useFakeTimers();
    try {
      render(<Notifier />);
      act(() => {
        for (const item of getNotifications()) dismissNotification(item.id);
        notify({ type: 'info', i18nMessage: 'pswdUpdateSuccessNotification' });
      });
      const note = () => screen.queryByTestId('notification');
      act(() => vi.advanceTimersByTime(3000));
      fireEvent.pointerEnter(note() as HTMLElement);
      act(() => vi.advanceTimersByTime(60_000));
      expect(note()).not.toBeNull();
      fireEvent.pointerLeave(note() as HTMLElement);
      act(() => vi.advanceTimersByTime(3999));
      expect(note()).not.toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(getNotifications()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
