import i18n from 'i18next';

const namesByLanguage = new Map<string, Intl.DisplayNames | null>();

function displayNames(language: string): Intl.DisplayNames | null {
  if (!namesByLanguage.has(language)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    } catch {
      names = null;
    }
    namesByLanguage.set(language, names);
  }
  return namesByLanguage.get(language) ?? null;
}

/**
 * A country's name in the portal's language: the browser's own region names (CLDR) for Arabic and
 * any other language but English, the server's name otherwise or when the browser has none.
 */
export function regionName(code: string | null | undefined, serverName: string, language: string = i18n.language ?? 'en'): string {
  if (!code || language.startsWith('en')) return serverName;
  try {
    return displayNames(language)?.of(code.toUpperCase()) ?? serverName;
  } catch {
    // Not a region code the browser knows how to read.
    return serverName;
  }
}
