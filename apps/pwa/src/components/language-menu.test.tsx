import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useKeptInView } from './language-menu.tsx';

/** A ResizeObserver jsdom lacks: the test says when the page's size changed. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: () => void) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.observed.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
}

function Probe({ active, top }: { active: boolean; top: number }) {
  const ref = useRef<HTMLButtonElement>(null);
  useKeptInView(ref, active);
  return (
    <button
      ref={(el) => {
        ref.current = el;
        if (el) el.getBoundingClientRect = () => ({ top, bottom: top + 32, left: 0, right: 80, width: 80, height: 32, x: 0, y: top, toJSON: () => ({}) });
      }}
    >
      English
    </button>
  );
}

const scrollIntoViewOfJsdom = Element.prototype.scrollIntoView;
afterEach(() => {
  vi.unstubAllGlobals();
  Element.prototype.scrollIntoView = scrollIntoViewOfJsdom;
  FakeObserver.last = undefined;
});

describe('language menu', () => {
  it('brings its button back into the screen when the page grows under the open menu, and only then', () => {
    vi.stubGlobal('ResizeObserver', FakeObserver);
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { rerender, unmount } = render(<Probe active top={1266} />);
    const observer = FakeObserver.last!;
    expect(observer.observed).toEqual([document.body]);
    // A list arrived above the footer: the button is 1266 px down a 768 px screen.
    observer.callback();
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' });
    scrollIntoView.mockClear();
    rerender(<Probe active top={600} />);
    FakeObserver.last!.callback();
    expect(scrollIntoView).not.toHaveBeenCalled();
    unmount();
    expect(FakeObserver.last!.disconnected).toBe(true);
  });

  it('watches nothing while the menu is closed', () => {
    vi.stubGlobal('ResizeObserver', FakeObserver);
    render(<Probe active={false} top={1266} />);
    expect(FakeObserver.last).toBeUndefined();
  });
});
