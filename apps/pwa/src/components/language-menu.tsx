import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu.tsx';
import { SUPPORTED_LANGUAGES, changeLanguage } from '@/lib/i18n.ts';
import { LanguageButton } from './language-button.tsx';

/** The language menu, loaded when the switch is first used (the menu code is not on the first screen). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  return (
    // Not modal: the switch sits in the footer, and a modal menu locks page scrolling, so a list that
    // grows while the menu is open could push the menu out of reach. Open at once: it loads on a click.
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>
        <LanguageButton />
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
