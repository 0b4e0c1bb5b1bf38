import { useEffect, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Check, Copy, ShieldX } from 'lucide-react';
import { COPY_CONFIRM_MS } from '@corridor/domain';
import { AppFooter } from '@/components/app-footer.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';

/** The forbidden page (spec 1, section 2): trace id from ?traceId or N/A, copy, go back. */
export function ForbiddenPage({ traceId }: { traceId: string | undefined }) {
  const { t } = useTranslation();
  const router = useRouter();
  const [copied, setCopied] = useState(false);
  const shownId = traceId ? traceId : t('forbidden.notAvailable');

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shownId);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions): the id stays selectable on screen.
      setCopied(false);
    }
  };

  const goBack = () => {
    // After a full page load the router's own history starts afresh, so the browser's length counts too.
    if (router.history.canGoBack() || window.history.length > 1) router.history.back();
    else void router.navigate({ to: '/' });
  };

  return (
    <div className="flex min-h-svh flex-col">
      <main className="flex flex-1 items-center justify-center p-6">
        <Card className="w-full max-w-md text-center">
          <CardContent className="flex flex-col items-center gap-4">
            <span className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
              <ShieldX className="size-7" aria-hidden />
            </span>
            <div className="space-y-1.5">
              <h1 className="text-2xl font-semibold tracking-tight">{t('forbidden.title')}</h1>
              <p className="text-sm text-muted-foreground">{t('forbidden.text')}</p>
            </div>
            <div className="flex w-full items-center gap-2 rounded-md border bg-muted/50 px-3 py-2 text-start">
              <div className="min-w-0 flex-1">
                <div className="text-xs text-muted-foreground">{t('forbidden.traceId')}</div>
                <div data-testid="forbidden-trace-id" className="truncate font-mono text-sm" dir="ltr">
                  {shownId}
                </div>
              </div>
              {copied ? (
                <span className="flex items-center gap-1 text-xs font-medium text-success" role="status">
                  <Check className="size-3.5" aria-hidden />
                  {t('forbidden.copied')}
                </span>
              ) : null}
              <Button variant="ghost" size="icon" data-testid="forbidden-copy" aria-label={t('forbidden.copy')} onClick={() => void copy()}>
                <Copy aria-hidden />
              </Button>
            </div>
            <Button data-testid="forbidden-back" variant="outline" onClick={goBack}>
              <ArrowLeft className="rtl:-scale-x-100" aria-hidden />
              {t('forbidden.back')}
            </Button>
          </CardContent>
        </Card>
      </main>
      <AppFooter />
    </div>
  );
}
