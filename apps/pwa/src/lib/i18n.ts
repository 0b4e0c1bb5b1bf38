import i18n, { type InitOptions } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage, storedLanguage, LANGUAGE_STORAGE_KEY, type Language } from './language.ts';
import { attachI18n } from './translate.ts';

export { SUPPORTED_LANGUAGES } from './language.ts';

/** @internal */
export const I18N_OPTIONS: InitOptions = {
  fallbackLng: 'en',
  supportedLngs: ['en', 'ar'],
  interpolation: { escapeValue: false },
  returnNull: false,
};

let ready: Promise<typeof i18n> | undefined;

/**
 * Translations are JSON files loaded over HTTP from the assets i18n folder (spec 1, section 7). This
 * module loads after the first screen (see translate.ts); every screen past the login awaits it.
 */
export function initI18n(): Promise<typeof i18n> {
  ready ??= (async () => {
    // Tests set the library up with the JSON files in place of the HTTP backend.
    if (!i18n.isInitialized) {
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
    }
    attachI18n(i18n);
    return i18n;
  })();
  return ready;
}

export async function changeLanguage(lng: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  await initI18n();
  await i18n.changeLanguage(lng);
}
