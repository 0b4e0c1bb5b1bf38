import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouter } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';

export interface PageHeaderProps {
  title: ReactNode;
  /** Shown as a tag beside the title (spec 2 "count tag"). */
  count?: number;
  /** Back link: a route path, or `true` for the previous page. */
  back?: string | true;
  /** An icon or a status tag beside the title. */
  adornment?: ReactNode;
  /** A screen's actions, on the far side. */
  actions?: ReactNode;
  description?: ReactNode;
}

/** The page header (spec 2): back link (to a route or the previous page), title, count tag, icon or status tag. */
export function PageHeader({ title, count, back, adornment, actions, description }: PageHeaderProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const backClass =
    'inline-flex size-8 items-center justify-center rounded-md border text-muted-foreground hover:bg-muted hover:text-foreground rtl:[&_svg]:rotate-180';
  return (
    <header className="flex flex-wrap items-start justify-between gap-3" data-testid="page-header">
      {/* min-w-0 down to the title: a long id in it wraps instead of widening a phone's page. */}
      <div className="flex min-w-0 items-start gap-3">
        {back === true && (
          <button type="button" className={backClass} onClick={() => router.history.back()} aria-label={t('pageHeader.back')} data-testid="page-back">
            <ArrowLeft className="size-4" aria-hidden />
          </button>
        )}
        {typeof back === 'string' && (
          <Link to={back} className={backClass} aria-label={t('pageHeader.back')} data-testid="page-back">
            <ArrowLeft className="size-4" aria-hidden />
          </Link>
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex min-w-0 items-center gap-2">
            {adornment}
            <h1 className="min-w-0 text-xl font-semibold tracking-tight wrap-break-word" data-testid="page-title">
              {title}
            </h1>
            {count !== undefined && (
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground" data-testid="page-count">
                {count}
              </span>
            )}
          </div>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
      </div>
      {actions && <div className="flex items-center gap-2">{actions}</div>}
    </header>
  );
}
