import type { ComponentProps } from 'react';
import { useTranslation } from '@/lib/translate.ts';
import { Languages } from 'lucide-react';
import { clsx } from 'clsx';
import { buttonVariants } from '@/components/ui/variants.ts';

/**
 * The language switch's button: the same before and after its menu has loaded. A plain button with the
 * ghost button's classes (no tailwind-merge): it is on the login screen.
 */
export function LanguageButton({ className, ...props }: ComponentProps<'button'>) {
  const { t, i18n } = useTranslation();
  return (
    <button
      type="button"
      data-slot="button"
      className={clsx(buttonVariants({ variant: 'ghost', size: 'sm' }), className)}
      data-testid="language-switch"
      {...props}
    >
      <Languages aria-hidden />
      {/* The name a screen reader gives starts with the visible text's purpose, then the text itself. */}
      <span className="sr-only">{t('language.label')}: </span>
      {t(`language.${i18n.resolvedLanguage === 'ar' ? 'ar' : 'en'}`)}
    </button>
  );
}
