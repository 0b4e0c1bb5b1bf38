import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AppFooter } from '@/components/app-footer.tsx';
import { BrandMark } from '@/components/brand-mark.tsx';

/** The signed-out frame of forgot password and the reset link: the brand, one card, the footer. */
export function PasswordResetLayout({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh flex-col">
      <div className="flex items-center gap-2 p-6 font-semibold">
        <BrandMark className="size-7 text-primary" />
        {t('app.name')}
      </div>
      <main className="flex flex-1 items-center justify-center p-6">
        <div className="w-full max-w-sm space-y-6">
          <div className="space-y-1.5">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <p className="text-sm text-muted-foreground">{description}</p>
          </div>
          {children}
          <Link to="/login" className="block text-center text-sm font-medium text-primary underline-offset-4 hover:underline" data-testid="back-to-login">
            {t('identity.backToLogin')}
          </Link>
        </div>
      </main>
      <AppFooter />
    </div>
  );
}

/** A message in the card: success (status) or refusal (alert). */
export function ResetMessage({ kind, testId, children }: { kind: 'success' | 'error'; testId: string; children: ReactNode }) {
  return kind === 'success' ? (
    <p
      role="status"
      data-testid={testId}
      className="rounded-md border bg-emerald-100 p-3 text-sm text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100"
    >
      {children}
    </p>
  ) : (
    <p role="alert" data-testid={testId} className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
      {children}
    </p>
  );
}
