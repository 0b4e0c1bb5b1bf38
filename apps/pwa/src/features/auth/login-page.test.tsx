import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession } from '@/test/fake-session.ts';
import type { PortalConfig } from '@/lib/portal-config.ts';
import { LoginPage } from './login-page.tsx';

const configWith = (directorySignInUrl: string | null): Promise<PortalConfig> => Promise.resolve({ version: '0.0.398', directorySignInUrl });

function renderLogin(
  portalConfig: Promise<PortalConfig> = configWith(null),
  requestToken: NonNullable<Parameters<typeof fakeSession>[0]>['requestToken'] = () => new Promise(() => {}),
) {
  const fake = fakeSession({ requestToken });
  fake.session.start();
  render(
    <SessionProvider session={fake.session}>
      <LoginPage portalConfig={portalConfig} />
    </SessionProvider>,
  );
  return fake;
}

const submit = () => screen.getByTestId('login-submit') as HTMLButtonElement;

describe('login screen (spec 1, sections 2 and 5)', () => {
  it('validates on submit with the error tips, and sends nothing while invalid', () => {
    const { logins } = renderLogin();
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    expect(screen.getByText('Please enter your ID')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(logins).toEqual([]);
  });

  it('the submit button is disabled only while the form is dirty and invalid', () => {
    renderLogin();
    fireEvent.change(screen.getByTestId('login-id'), { target: { value: '100000001' } });
    expect(submit().disabled).toBe(true);
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Corridor2026' } });
    expect(submit().disabled).toBe(false);
  });

  it('a valid submit starts the login and shows the loading state', async () => {
    const { logins } = renderLogin();
    // The start-up refresh grant finds no refresh cookie first (the loader covers the page meanwhile).
    await act(async () => {});
    fireEvent.change(screen.getByTestId('login-id'), { target: { value: '100000001' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Corridor2026' } });
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(logins).toEqual([{ digit9Id: '100000001', password: 'Corridor2026' }]);
    expect(submit().getAttribute('aria-busy')).toBe('true');
    expect(submit().disabled).toBe(true);
  });

  it('a sign-in the line failed says so on the form until the next try, and keeps what was typed', async () => {
    const answers = [() => Promise.reject({ status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' }), () => new Promise<never>(() => {})];
    renderLogin(configWith(null), () => answers.shift()!());
    await act(async () => {});
    fireEvent.change(screen.getByTestId('login-id'), { target: { value: '100000001' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Corridor2026' } });
    await act(async () => {
      fireEvent.click(submit());
    });
    const alert = screen.getByTestId('login-network-error');
    expect(alert.getAttribute('role')).toBe('alert');
    // i18next has not loaded in this test: the first screen's built-in word stands in for the full text.
    expect(alert.textContent).toBe('Offline');
    // It stays: no timer takes it away.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('login-network-error')).toBeTruthy();
    expect((screen.getByTestId('login-id') as HTMLInputElement).value).toBe('100000001');
    expect((screen.getByTestId('login-password') as HTMLInputElement).value).toBe('Corridor2026');
    // The next try clears it while it runs.
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(screen.queryByTestId('login-network-error')).toBeNull();
  });

  it('a wrong password is not reported as a line failure on the form', async () => {
    renderLogin(configWith(null), () => Promise.reject({ status: 401, code: 'INVALID_CREDENTIALS', message: 'no' }));
    await act(async () => {});
    fireEvent.change(screen.getByTestId('login-id'), { target: { value: '100000001' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'wrong-one' } });
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(screen.queryByTestId('login-network-error')).toBeNull();
  });

  it("shows 'or' and the directory button only when a directory sign-in URL is configured", async () => {
    renderLogin();
    await act(async () => {});
    expect(screen.queryByTestId('directory-signin')).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
    screen.getByTestId('login-id');
  });

  it('links the directory button to the configured URL', async () => {
    renderLogin(configWith('https://login.example/corridor'));
    const button = await screen.findByTestId('directory-signin');
    expect(button.getAttribute('href')).toBe('https://login.example/corridor');
    expect(button.textContent).toContain('Sign in with Active Directory');
    expect(screen.getByText('or')).toBeTruthy();
  });

  it('renders the form before /portal-config.json answers, and adds the directory button when it does', async () => {
    let answer: (config: PortalConfig) => void = () => {};
    renderLogin(new Promise((resolve) => (answer = resolve)));
    // The form is usable at once: a slow line does not hold it for the config's round trip.
    screen.getByTestId('login-id');
    expect(screen.queryByTestId('directory-signin')).toBeNull();
    await act(async () => answer({ version: '0.0.398', directorySignInUrl: 'https://login.example/corridor' }));
    expect(screen.getByTestId('directory-signin').getAttribute('href')).toBe('https://login.example/corridor');
  });

  it('keeps the form without the directory button when the config never answers (offline)', async () => {
    renderLogin(new Promise(() => {}));
    await act(async () => {});
    expect(screen.getByTestId('login-submit')).toBeTruthy();
    expect(screen.queryByTestId('directory-signin')).toBeNull();
  });

  it('a sign-in sent while the start still asks for a token goes out once the start finds no session', async () => {
    let release: () => void = () => {};
    const fake = fakeSession({ refreshGate: new Promise<void>((r) => (release = r)), requestToken: () => new Promise(() => {}) });
    fake.session.start();
    render(
      <SessionProvider session={fake.session}>
        <LoginPage portalConfig={configWith(null)} />
      </SessionProvider>,
    );
    fireEvent.change(screen.getByTestId('login-id'), { target: { value: '100000001' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Corridor2026' } });
    await act(async () => {
      fireEvent.click(submit());
    });
    expect(fake.logins).toEqual([]);
    expect(submit().getAttribute('aria-busy')).toBe('true');
    await act(async () => {
      release();
    });
    expect(fake.logins).toEqual([{ digit9Id: '100000001', password: 'Corridor2026' }]);
    expect(fake.session.getSnapshot().matches('loggingIn')).toBe(true);
  });
});
