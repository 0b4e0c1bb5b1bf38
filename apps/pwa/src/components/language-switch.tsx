import { useTranslation } from 'react-i18next';
import { Check, Languages } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu.tsx';
import { SUPPORTED_LANGUAGES, changeLanguage } from '@/lib/i18n.ts';

/** Language choice, kept in localStorage; Arabic lays the portal out right to left. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    // Not modal: the switch sits in the footer, and a modal menu locks page scrolling, so a list that
    // grows while the menu is open could push the menu out of reach.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" data-testid="language-switch">
          <Languages aria-hidden />
          {/* The name a screen reader gives starts with the visible text's purpose, then the text itself. */}
          <span className="sr-only">{t('language.label')}: </span>
          {t(`language.${i18n.resolvedLanguage === 'ar' ? 'ar' : 'en'}`)}
        </Button>
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
