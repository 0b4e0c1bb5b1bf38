import { describe, expect, it, vi } from 'vitest';
import { persistOnceInstalled } from './persist-storage.ts';

function signals(standalone: boolean) {
  const listeners = new Set<() => void>();
  return {
    matchMedia: (query: string) => ({ matches: standalone && query === '(display-mode: standalone)' }),
    addEventListener: (_type: 'appinstalled', listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: 'appinstalled', listener: () => void) => void listeners.delete(listener),
    install: () => listeners.forEach((listener) => listener()),
    listeners,
  };
}

describe('persistent storage', () => {
  it('is asked for at once when the portal runs as an installed app', () => {
    const ask = vi.fn(() => Promise.resolve(true));
    persistOnceInstalled(signals(true), ask);
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('in a browser tab, is asked for only when the user installs the portal', () => {
    const ask = vi.fn(() => Promise.resolve(true));
    const tab = signals(false);
    const stop = persistOnceInstalled(tab, ask);
    expect(ask).not.toHaveBeenCalled();
    tab.install();
    expect(ask).toHaveBeenCalledTimes(1);
    stop();
    expect(tab.listeners.size).toBe(0);
  });
});
