import { act, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from './language.ts';
import { attachI18n, translate, useTranslation } from './translate.ts';

function Title() {
  const { t, i18n: lite } = useTranslation();
  return (
    <h1 dir={lite.dir()} data-language={lite.resolvedLanguage}>
      {t('session.title')} {t('app.copyright', { year: 2026 })}
    </h1>
  );
}

// One file, in order: first without i18next (the login form's first paint), then with it attached.
describe('first-screen translation', () => {
  it('answers from the strings built into the entry before i18next has loaded, in the stored language', () => {
    expect(translate('session.title')).toBe('Sign in');
    expect(translate('app.copyright', { year: 2026 })).toBe('© 2026 Corridor. All rights reserved.');
    // Only the first screen's namespaces are built in: other keys come back as the key.
    expect(translate('merchantWallets.title')).toBe('merchantWallets.title');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    render(<Title />);
    const title = screen.getByRole('heading');
    expect(title.getAttribute('dir')).toBe('rtl');
    expect(title.textContent).toContain(i18n.getFixedT('ar')('session.title'));
    expect(title.textContent).not.toContain('Sign in');
  });

  it('hands over to i18next once it is attached, and re-renders when the language changes', async () => {
    render(<Title />);
    expect(screen.getByRole('heading').getAttribute('data-language')).toBe('en');
    act(() => attachI18n(i18n));
    expect(translate('merchantWallets.title')).toBe(i18n.t('merchantWallets.title'));
    await act(() => i18n.changeLanguage('ar'));
    expect(screen.getByRole('heading').getAttribute('dir')).toBe('rtl');
    expect(screen.getByRole('heading').textContent).toContain(i18n.t('session.title'));
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('heading').textContent).toContain('Sign in');
  });
});
