/*
 * The portal's languages without the translation library: what the first screen needs to pick the
 * language and lay the page out before i18next has loaded.
 */
export const SUPPORTED_LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** The chosen language is kept in localStorage; the default is en (spec 1, section 1). */
export const LANGUAGE_STORAGE_KEY = 'corridor_language';

function isLanguage(value: string | null | undefined): value is Language {
  return value === 'en' || value === 'ar';
}

export function storedLanguage(): Language {
  // No storage where the build renders the login form's markup (Node): the default, as a first visit.
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : 'en';
}

/** Arabic is the one right-to-left language the portal speaks. */
export function directionOf(lng: string | undefined): 'ltr' | 'rtl' {
  return lng?.split('-')[0] === 'ar' ? 'rtl' : 'ltr';
}

/** `<html lang dir>` follow the language so the whole layout mirrors in Arabic. */
export function applyDocumentLanguage(lng: string): void {
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}
