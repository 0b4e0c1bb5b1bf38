import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Notifier } from '@/components/notifier.tsx';
import { dismissNotification, getNotifications } from './notifications.ts';
import { notifyUpdateAvailable } from './update-notification.ts';

describe('update prompt', () => {
  afterEach(() => {
    vi.useRealTimers();
    for (const item of getNotifications()) dismissNotification(item.id);
  });

  it('stays until acted on and reloads through the service worker on Reload', () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    render(<Notifier />);
    act(() => {
      notifyUpdateAvailable(reload);
    });
    act(() => vi.advanceTimersByTime(60_000));
    const note = screen.getByTestId('notification');
    expect(note.textContent).toContain('A new version of Corridor is ready.');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
