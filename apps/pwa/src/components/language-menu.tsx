import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx';
import { SUPPORTED_LANGUAGES, changeLanguage } from '@/lib/i18n.ts';
import { LanguageButton } from './language-button.tsx';

/**
 * Keeps the open menu's button in the screen while the page grows or shrinks around it. The switch sits in the
 * footer: opened as a page's list was still loading (a phone's wallet page), the list arrived above it and pushed
 * the footer, and the menu that follows its button, 600 px below the screen, where no scrolling could reach it.
 * Only a change of the page's size moves it back: the user's own scrolling is left alone.
 */
export function useKeptInView(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    if (!active || typeof ResizeObserver !== 'function') return undefined;
    const keep = () => {
      const el = ref.current;
      if (!el) return;
      const box = el.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: 'nearest' });
    };
    const observer = new ResizeObserver(keep);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref, active]);
}

/** The language menu, loaded when the switch is first used (the menu code is not on the first screen). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  // Open at once: it loads on a click.
  const [open, setOpen] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  useKeptInView(button, open);
  return (
    // Not modal: the switch sits in the footer, and a modal menu locks page scrolling, so a list that
    // grows while the menu is open could push the menu out of reach.
    <DropdownMenu modal={false} open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <LanguageButton ref={button} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {SUPPORTED_LANGUAGES.map((lng) => (
          <DropdownMenuItem key={lng} lang={lng} onSelect={() => void changeLanguage(lng)}>
            <Check className={i18n.resolvedLanguage === lng ? 'opacity-100' : 'opacity-0'} aria-hidden />
            {t(`language.${lng}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
