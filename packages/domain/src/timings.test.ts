import { describe, expect, it } from 'vitest';
import * as c from './timings.ts';

describe('timings — spec 9 "Business constants and limits"', () => {
  it('"Inactivity timeout 3,600,000 ms. ... collapsed-navigation cookie 365 days (path /)"', () => {
    expect(c.INACTIVITY_TIMEOUT_MS).toBe(3_600_000);
    expect(c.NAV_COOKIE_DAYS).toBe(365);
    expect(c.COOKIE_PATH).toBe('/');
    expect(c.AUTH_COOKIE_NAME).toBe('corridor_auth');
    expect(c.NAV_COLLAPSED_COOKIE_NAME).toBe('corridor_nav_collapsed');
  });
  it('"Notification 7000 ms. Logout delay 2000 ms; after password change 500 ms. Loader hide delay 500 ms. Copy confirmation 5 s."', () => {
    expect(c.NOTIFICATION_MS).toBe(7000);
    expect(c.LOGOUT_DELAY_MS).toBe(2000);
    expect(c.PASSWORD_CHANGE_LOGOUT_MS).toBe(500);
    expect(c.LOADER_HIDE_DELAY_MS).toBe(500);
    expect(c.COPY_CONFIRM_MS).toBe(5000);
  });
  it('"list page size 10000. Document image types png, gif, jpeg, jpg"', () => {
    expect(c.LIST_PAGE_SIZE).toBe(10000);
    expect(c.DOCUMENT_IMAGE_TYPES).toEqual(['png', 'gif', 'jpeg', 'jpg']);
  });
  it('"guard debounce 100 ms"; "App version 0.0.398."', () => {
    expect(c.GUARD_DEBOUNCE_MS).toBe(100);
    expect(c.APP_VERSION).toBe('0.0.398');
    expect(c.INACTIVITY_RESET_EVENTS).toHaveLength(4);
  });
});
