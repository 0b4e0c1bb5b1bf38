/**
 * Timings, cookie names and the app version of the spec (sections 9, 4 and 2): what the portal's shell and
 * session use from its first screen on. Apart from the option sets and tab sets (constants.ts), so the login
 * form's code carries these few values and not every screen's sets (a module goes to one chunk, whole).
 */

// ---------------------------------------------------------------- timings (spec 9, 4, 2)

/** Spec 9: "Inactivity timeout 3,600,000 ms". */
export const INACTIVITY_TIMEOUT_MS = 3_600_000;
/** Spec 4: "the timer resets on mouse move, key press, touch and scroll". */
export const INACTIVITY_RESET_EVENTS = ['mousemove', 'keydown', 'touchstart', 'scroll'] as const;
/** Spec 9: "collapsed-navigation cookie 365 days (path /)". */
export const NAV_COOKIE_DAYS = 365;
/** Cookie path of both cookies. */
export const COOKIE_PATH = '/';
/** Cookie names (shared constants of the workspace). */
export const AUTH_COOKIE_NAME = 'corridor_auth';
export const NAV_COLLAPSED_COOKIE_NAME = 'corridor_nav_collapsed';
/**
 * Set beside the HttpOnly refresh cookie, with its lifetime, and cleared with it: not a secret (its value is
 * `1`), it only tells the portal's script that there may be a session to renew, so a first visit does not ask
 * for a renewal it cannot get (spec 4: with no token cookie, the user is logged out without a call).
 */
export const SESSION_HINT_COOKIE_NAME = 'corridor_session';
/** Spec 9: "Notification 7000 ms". */
export const NOTIFICATION_MS = 7000;
/** Spec 9: "Logout delay 2000 ms". */
export const LOGOUT_DELAY_MS = 2000;
/** Spec 9: "after password change 500 ms". */
export const PASSWORD_CHANGE_LOGOUT_MS = 500;
/** Spec 9: "Loader hide delay 500 ms". */
export const LOADER_HIDE_DELAY_MS = 500;
/** Spec 9: "Copy confirmation 5 s". */
export const COPY_CONFIRM_MS = 5000;
/** Spec 9: "list page size 10000" (currencies and countries are fetched in one page). */
export const LIST_PAGE_SIZE = 10000;
/** Spec 6: "guard debounce 100 ms". */
export const GUARD_DEBOUNCE_MS = 100;
/** Spec 9: "Document image types png, gif, jpeg, jpg with a 3 s load timer". */
export const DOCUMENT_IMAGE_TYPES = ['png', 'gif', 'jpeg', 'jpg'] as const;
/** Spec 9: "App version 0.0.398". */
export const APP_VERSION = '0.0.398';
