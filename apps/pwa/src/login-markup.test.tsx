import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession } from '@/test/fake-session.ts';
import { LoginPage } from '@/features/auth/login-page.tsx';
import { readTypedBeforeStart, restoreTypingFocus } from '@/features/auth/typed-before-start.ts';
import { loginMarkup } from './login-markup.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

const field = (id: string) => document.getElementById(id) as HTMLInputElement;

describe("the login form's markup, which the server's /login page carries (prerender-login.ts)", () => {
  it('is the form a first visit sees, in English, whose button sends nothing before the scripts run', () => {
    document.body.innerHTML = `<div id="root">${loginMarkup()}</div>`;
    expect(document.querySelector('h1')?.textContent).toBe('Sign in');
    expect(field('login-id').value).toBe('');
    expect(field('login-id').disabled).toBe(false);
    expect(field('login-password').type).toBe('password');
    expect(document.querySelector('form')?.getAttribute('method')).toBe('post');
    expect((document.querySelector('[data-testid="login-submit"]') as HTMLButtonElement).disabled).toBe(true);
    expect(document.querySelector('[data-testid="directory-signin"]')).toBeNull();
  });

  it('hands what was typed into it, and the caret, to the form React renders over it; the button then works', () => {
    document.body.innerHTML = `<div id="root">${loginMarkup()}</div>`;
    const container = document.getElementById('root') as HTMLElement;
    const typedField = field('login-password');
    field('login-id').value = '100000001';
    typedField.value = 'Corridor2026';
    typedField.focus();
    typedField.setSelectionRange(4, 8);

    const typed = readTypedBeforeStart(container);
    expect(typed).toEqual({ values: { digit9Id: '100000001', password: 'Corridor2026' }, focus: { id: 'login-password', start: 4, end: 8 } });
    const fake = fakeSession({ requestToken: () => new Promise(() => {}) });
    // As main.tsx does: React renders over the markup at once (testing-library's render commits before it returns).
    render(
      <SessionProvider session={fake.session}>
        <LoginPage portalConfig={new Promise(() => {})} typed={typed?.values} />
      </SessionProvider>,
      { container },
    );
    if (typed) restoreTypingFocus(typed);

    const password = field('login-password');
    expect(password).not.toBe(typedField);
    expect(typedField.isConnected).toBe(false);
    expect(field('login-id').value).toBe('100000001');
    expect(password.value).toBe('Corridor2026');
    expect(document.activeElement).toBe(password);
    expect([password.selectionStart, password.selectionEnd]).toEqual([4, 8]);
    expect((document.querySelector('[data-testid="login-submit"]') as HTMLButtonElement).disabled).toBe(false);
  });

  it('reads nothing from a page without the form (every route but /login starts from the empty shell)', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readTypedBeforeStart(document.getElementById('root') as HTMLElement)).toBeNull();
  });
});
