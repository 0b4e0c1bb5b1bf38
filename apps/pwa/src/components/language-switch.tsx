import { lazy, Suspense, useState } from 'react';
import { LanguageButton } from './language-button.tsx';

const loadMenu = () => import('./language-menu.tsx');
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
