import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { CachedAge } from './cached-age.tsx';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000 - 1_000);

describe('CachedAge', () => {
  it("says 'Updated 5 minutes ago' online", () => {
    render(<CachedAge updatedAt={minutesAgo(5)} offline={false} />);
    expect(screen.getByTestId('cached-age').textContent).toBe('Updated 5 minutes ago');
  });

  it('says the data is from the last time seen when offline, in hours and days too', () => {
    const { rerender } = render(<CachedAge updatedAt={minutesAgo(180)} offline />);
    expect(screen.getByTestId('cached-age').textContent).toBe('Offline: showing data from 3 hours ago');
    rerender(<CachedAge updatedAt={minutesAgo(60 * 24 * 2)} offline />);
    expect(screen.getByTestId('cached-age').textContent).toBe('Offline: showing data from 2 days ago');
    expect(screen.getByTestId('cached-age').dataset.offline).toBe('true');
  });

  it('speaks Arabic with Arabic plural rules', async () => {
    await i18n.changeLanguage('ar');
    try {
      render(<CachedAge updatedAt={minutesAgo(5)} offline={false} />);
      const text = screen.getByTestId('cached-age').textContent ?? '';
      expect(text.startsWith('آخر تحديث')).toBe(true);
      expect(text).toContain(new Intl.RelativeTimeFormat('ar').format(-5, 'minute'));
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
