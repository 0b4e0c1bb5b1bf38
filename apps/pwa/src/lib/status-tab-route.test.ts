import { describe, expect, it } from 'vitest';
import { isRedirect } from '@tanstack/react-router';
import { openKnownTab } from './status-tab-route.ts';

const tabs = [{ slug: 'overview' }, { slug: 'pending' }, { slug: 'approved' }];
const guard = openKnownTab(tabs, 'pending');
const at = (status: string) => ({ params: { status }, location: { pathname: `/service-provider/x/list/${status}` } });

describe('status-list routes', () => {
  it('let a known tab open as it is', () => {
    expect(() => guard(at('approved'))).not.toThrow();
  });

  it('send an unknown tab to the default tab of the same list, replacing the entry', () => {
    let thrown: unknown;
    try {
      guard(at('nonsense'));
    } catch (error) {
      thrown = error;
    }
    expect(isRedirect(thrown)).toBe(true);
    expect(thrown).toMatchObject({ options: { href: '/service-provider/x/list/pending', replace: true } });
  });
});
