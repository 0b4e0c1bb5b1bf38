import i18n, { type InitOptions } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** The chosen language is kept in localStorage; the default is en (spec 1, section 1). */
export const LANGUAGE_STORAGE_KEY = 'corridor_language';

export function isLanguage(value: string | null | undefined): value is Language {
  return value === 'en' || value === 'ar';
}

export function storedLanguage(): Language {
  const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(value) ? value : 'en';
}

/** `<html lang dir>` follow the language so the whole layout mirrors in Arabic. */
export function applyDocumentLanguage(lng: string): void {
  document.documentElement.lang = lng;
  document.documentElement.dir = i18n.dir(lng);
}

export const I18N_OPTIONS: InitOptions = {
  fallbackLng: 'en',
  supportedLngs: [...SUPPORTED_LANGUAGES],
  interpolation: { escapeValue: false },
  returnNull: false,
};

/** Translations are JSON files loaded over HTTP from the assets i18n folder (spec 1, section 7). */
export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', applyDocumentLanguage);
  await i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      ...I18N_OPTIONS,
      lng: storedLanguage(),
      backend: { loadPath: '/assets/i18n/{{lng}}.json' },
    });
  applyDocumentLanguage(i18n.language);
  return i18n;
}

export async function changeLanguage(lng: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  await i18n.changeLanguage(lng);
}
