import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../public/assets/i18n/en.json';
import ar from '../../public/assets/i18n/ar.json';
import { I18N_OPTIONS } from '@/lib/i18n.ts';
import { dismissNotification, getNotifications } from '@/lib/notifications.ts';

// Components render real English texts; the HTTP backend is replaced by the same JSON files.
await i18n.use(initReactI18next).init({
  ...I18N_OPTIONS,
  lng: 'en',
  resources: { en: { translation: en }, ar: { translation: ar } },
});

// A screen that loads its route, its data and Dexie can take over a second on a busy 2-core machine:
// waitFor and findBy* wait up to 5 s for what they expect (a test still fails when it never comes).
configure({ asyncUtilTimeout: 5000 });

// Most screen files share their worker's modules and jsdom with the files before them (vitest.config.ts): what a
// test leaves in a shared module or in the page is taken away here, so no file sees another's.
afterEach(async () => {
  cleanup();
  for (const shown of getNotifications()) dismissNotification(shown.id);
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
  localStorage.clear();
  sessionStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// jsdom has no layout; the router's scroll restoration calls this.
window.scrollTo = () => {};
