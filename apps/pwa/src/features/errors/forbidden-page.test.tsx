import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInRouter } from '@/test/render-in-router.tsx';
import { COPY_CONFIRM_MS } from '@corridor/domain';
import { ForbiddenPage } from './forbidden-page.tsx';

describe('forbidden page (spec 1, section 2)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the title, the text and 'N/A' without a trace id", async () => {
    await renderInRouter(() => <ForbiddenPage traceId={undefined} />);
    expect(screen.getByRole('heading').textContent).toBe('Forbidden');
    expect(screen.getByText("You don't have permission to access this page or resource")).toBeTruthy();
    expect(screen.getByTestId('forbidden-trace-id').textContent).toBe('N/A');
  });

  it("copies the trace id and shows 'Copied' for 5 seconds", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderInRouter(() => <ForbiddenPage traceId="trace-7f3a" />);
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByTestId('forbidden-copy'));
    });
    expect(writeText).toHaveBeenCalledWith('trace-7f3a');
    expect(screen.getByText('Copied')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(COPY_CONFIRM_MS - 1);
    });
    expect(screen.queryByText('Copied')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('the go-back button returns to the previous page', async () => {
    const { router } = await renderInRouter(() => <ForbiddenPage traceId="t" />, '/error/forbidden', ['/service-provider/wallet', '/error/forbidden']);
    await act(async () => {
      fireEvent.click(screen.getByTestId('forbidden-back'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(router.state.location.pathname).toBe('/service-provider/wallet');
  });
});
