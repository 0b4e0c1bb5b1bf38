import { useTranslation } from 'react-i18next';
import { AlertTriangle } from 'lucide-react';
import { ApiError } from '@corridor/api/light';

/**
 * A list call the server refused, with nothing saved to show instead: the error body's
 * '{code} - {message}' (spec 8, 4xx) stays on the screen, not only in a passing notification.
 */
export function RateCallError({ error, testId = 'rate-call-error' }: { error: unknown; testId?: string }) {
  const { t } = useTranslation();
  if (error === null || error === undefined) return null;
  const text = error instanceof ApiError ? `${error.code} - ${error.message}` : t('rates.errors.unavailable');
  return (
    <div role="alert" data-testid={testId} className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm">
      <AlertTriangle className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <div>
        <p className="font-medium">{t('rates.errors.title')}</p>
        <p className="text-muted-foreground">{text}</p>
      </div>
    </div>
  );
}
