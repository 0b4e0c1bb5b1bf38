import { act, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session-context.tsx';
import { fakeSession } from '@/test/fake-session.ts';
import { afterSessionStart, markFirstScreenRendered } from './after-session-start.ts';
import { RootShell } from './root-shell.tsx';

// The real prompt registers the service worker; here it only shows that it was mounted.
vi.mock('./update-prompt.tsx', () => ({ UpdatePrompt: () => <span data-testid="update-prompt" /> }));
vi.mock('./notifier.tsx', () => ({ Notifier: () => <span data-testid="notifier" /> }));

/** A session whose start waits on the current user until `release` is called. */
function startingSession() {
  let release: () => void = () => {};
  const { session } = fakeSession({ token: 'jwt', userGate: new Promise<void>((resolve) => (release = resolve)) });
  session.start();
  return { session, release: () => release() };
}

/** The root shell around a page, its session's start held until `release`. */
function renderShell() {
  const starting = startingSession();
  render(
    <SessionProvider session={starting.session}>
      <RootShell>
        <p>page</p>
      </RootShell>
    </SessionProvider>,
  );
  return starting;
}

describe('after the session start', () => {
  it('waits for the first screen to have rendered, then for the session start', async () => {
    vi.resetModules();
    const fresh = await import('./after-session-start.ts');
    const { session, release } = startingSession();
    const task = vi.fn();
    fresh.afterSessionStart(session, task);
    await act(async () => release());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(task).not.toHaveBeenCalled();
    fresh.markFirstScreenRendered();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  describe('once the first screen has rendered', () => {
    beforeAll(markFirstScreenRendered);
    it('runs a task only once the session start has settled, and not at all when cancelled', async () => {
      const { session, release } = startingSession();
      const task = vi.fn();
      const cancelled = vi.fn();
      afterSessionStart(session, task);
      const cancel = afterSessionStart(session, cancelled);
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(task).not.toHaveBeenCalled();
      cancel();
      await act(async () => release());
      await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
      expect(cancelled).not.toHaveBeenCalled();
    });

    it('registers the service worker (the update prompt) only after the session start has settled', async () => {
      const { release } = renderShell();
      screen.getByText('page');
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByTestId('update-prompt')).toBeNull();
      await act(async () => release());
      expect(await screen.findByTestId('update-prompt')).toBeTruthy();
    });

    it('loads the notifications area once the session has started, before any notification, so an offline failure can still be told', async () => {
      const { release } = renderShell();
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(screen.queryByTestId('notifier')).toBeNull();
      await act(async () => release());
      expect(await screen.findByTestId('notifier')).toBeTruthy();
    });
  });
});
