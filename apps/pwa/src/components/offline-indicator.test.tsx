import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineIndicator } from './offline-indicator.tsx';

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

describe('offline indicator', () => {
  afterEach(() => {
    setOnline(true);
  });

  it('shows while the browser has no network and hides when it comes back', () => {
    render(<OfflineIndicator />);
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByTestId('offline-indicator').textContent).toContain('Offline');
    act(() => setOnline(true));
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
  });
});
