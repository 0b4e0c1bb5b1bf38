import { useSyncExternalStore } from 'react';
import type { i18n as I18n } from 'i18next';
// The first screen's namespaces only (the build's first-screen-strings plugin picks them; tests get the whole file).
import en from '../../public/assets/i18n/en.json?first-screen';
import ar from '../../public/assets/i18n/ar.json?first-screen';
import { directionOf, storedLanguage } from './language.ts';

/*
 * Translation for the first screen (login, loader, footer, offline badge) without i18next: the login
 * form paints with the strings built into the entry, while i18next (~17 KB gzip) loads beside it. Once
 * it has loaded, the same hook answers from it, so a language change or a later screen sees one source.
 */

type Strings = Record<string, unknown>;
const FIRST_SCREEN: Record<string, Strings> = { en, ar };

let instance: I18n | undefined;
let version = 0;
const listeners = new Set<() => void>();
const emit = () => {
  version += 1;
  listeners.forEach((listener) => listener());
};

/** Called by lib/i18n.ts once i18next is ready: from then on it answers, and its changes re-render. */
export function attachI18n(i18n: I18n): void {
  if (instance === i18n) return;
  instance = i18n;
  i18n.on('languageChanged', emit);
  i18n.on('loaded', emit);
  emit();
}

let loading: Promise<unknown> | undefined;

/** Loads and starts i18next once; every screen past the login waits for it (routes/__root.tsx). */
export function loadI18n(): Promise<unknown> {
  loading ??= import('./i18n.ts').then((module) => module.initI18n());
  return loading;
}

function currentLanguage(): string {
  return instance ? (instance.resolvedLanguage ?? instance.language) : storedLanguage();
}

function lookup(strings: Strings | undefined, key: string): string | undefined {
  let node: unknown = strings;
  for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Strings)[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * `t` with i18next's key and `{{value}}` syntax; before i18next, English fills what a language lacks.
 * @internal
 */
export const translate: Translate = (key, values) => {
  if (instance) return instance.t(key, values);
  const text = lookup(FIRST_SCREEN[currentLanguage()], key) ?? lookup(FIRST_SCREEN.en, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values?.[name] ?? ''));
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The first screen's `useTranslation`: the same shape as react-i18next's for what those screens use. */
export function useTranslation(): { t: Translate; i18n: { resolvedLanguage: string; dir: () => 'ltr' | 'rtl' } } {
  // The same version on the server: the build renders the login form's markup with it (login-markup.tsx).
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const language = currentLanguage();
  return { t: translate, i18n: { resolvedLanguage: language, dir: () => directionOf(language) } };
}
