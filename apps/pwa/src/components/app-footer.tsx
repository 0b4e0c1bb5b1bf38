import { useTranslation } from '@/lib/translate.ts';
import { APP_VERSION } from '@/lib/portal-config.ts';
import { LanguageSwitch } from './language-switch.tsx';

/**
 * Footer with the copyright and the app version (spec 1, section 2 "Root"), plus the language switch.
 * It is on the login screen and takes no classes, so it needs no class merging (tailwind-merge).
 */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="flex flex-wrap items-center justify-between gap-3 border-t px-6 py-3 text-xs text-muted-foreground">
      <span>{t('app.copyright', { year: new Date().getFullYear() })}</span>
      <div className="flex items-center gap-3">
        <LanguageSwitch />
        <span data-testid="app-version">{t('app.version', { version: APP_VERSION })}</span>
      </div>
    </footer>
  );
}
