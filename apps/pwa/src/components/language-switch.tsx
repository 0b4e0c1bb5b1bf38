import { lazy, Suspense, useState } from 'react';
import { loadI18n } from '@/lib/translate.ts';
import { LanguageButton } from './language-button.tsx';

// The menu translates through i18next: it waits for it as well as for its own code.
const loadMenu = () => Promise.all([import('./language-menu.tsx'), loadI18n()]).then(([module]) => module);
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

/**
 * Language choice, kept in localStorage; Arabic lays the portal out right to left. The menu (Radix,
 * with its positioning code) loads when the pointer or focus reaches the button and opens on the click.
 */
export function LanguageSwitch() {
  const [used, setUsed] = useState(false);
  const preload = () => void loadMenu();
  const button = <LanguageButton onPointerEnter={preload} onFocus={preload} onClick={() => setUsed(true)} />;
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <LanguageMenu />
    </Suspense>
  );
}
