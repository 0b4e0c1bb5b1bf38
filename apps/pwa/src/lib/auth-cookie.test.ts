import { describe, expect, it } from 'vitest';
import { mayHoldSession } from './auth-cookie.ts';

const page = (cookie: string, signedInHere = false) => ({ cookie, origin: 'https://portal.example', signedInHere });

describe('mayHoldSession: whether a renewal through the refresh cookie is worth asking for', () => {
  it("is true with the server's session hint among the cookies, wherever it stands", () => {
    expect(mayHoldSession('https://portal.example', page('corridor_session=1'))).toBe(true);
    expect(mayHoldSession('https://portal.example', page('corridor_nav_collapsed=true; corridor_session=1'))).toBe(true);
    expect(mayHoldSession('/', page('a=b;corridor_session=1'))).toBe(true);
  });

  it('is false without the hint on the same site: a first visit, or after a sign-out cleared it', () => {
    expect(mayHoldSession('https://portal.example', page(''))).toBe(false);
    expect(mayHoldSession('https://portal.example/', page('corridor_nav_collapsed=true'))).toBe(false);
    // Another cookie whose name only begins the same way is not the hint.
    expect(mayHoldSession('https://portal.example', page('corridor_sessionx=1'))).toBe(false);
  });

  it('is true for an auth root on another site, whose cookies this page cannot read', () => {
    expect(mayHoldSession('https://auth.example', page(''))).toBe(true);
  });

  it('is true without the hint where a user is signed in on this device (a session from before the hint, offline too)', () => {
    expect(mayHoldSession('https://portal.example', page('', true))).toBe(true);
  });
});
