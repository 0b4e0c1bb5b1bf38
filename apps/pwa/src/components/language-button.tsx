import type { ComponentProps } from 'react';
import { useTranslation } from '@/lib/translate.ts';
import { Languages } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';

/** The language switch's button: the same before and after its menu has loaded. */
export function LanguageButton(props: ComponentProps<typeof Button>) {
  const { t, i18n } = useTranslation();
  return (
    <Button variant="ghost" size="sm" data-testid="language-switch" {...props}>
      <Languages aria-hidden />
      {/* The name a screen reader gives starts with the visible text's purpose, then the text itself. */}
      <span className="sr-only">{t('language.label')}: </span>
      {t(`language.${i18n.resolvedLanguage === 'ar' ? 'ar' : 'en'}`)}
    </Button>
  );
}
