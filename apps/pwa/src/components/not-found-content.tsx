import { useTranslation } from 'react-i18next';

/** An empty-road illustration: the path is there, the screen is not yet. */
function NotFoundIllustration() {
  return (
    <svg viewBox="0 0 240 160" className="h-40 w-60 text-muted-foreground" aria-hidden>
      <ellipse cx="120" cy="140" rx="96" ry="10" className="fill-muted" />
      <rect x="52" y="30" width="136" height="92" rx="10" className="fill-background stroke-border" strokeWidth="2" />
      <rect x="52" y="30" width="136" height="18" rx="9" className="fill-muted" />
      <circle cx="64" cy="39" r="3" className="fill-border" />
      <circle cx="74" cy="39" r="3" className="fill-border" />
      <circle cx="84" cy="39" r="3" className="fill-border" />
      <rect x="68" y="62" width="60" height="8" rx="4" className="fill-muted" />
      <rect x="68" y="78" width="104" height="8" rx="4" className="fill-muted" />
      <rect x="68" y="94" width="84" height="8" rx="4" className="fill-muted" />
      <circle cx="176" cy="104" r="22" className="fill-background stroke-current" strokeWidth="3" />
      <path d="M192 120l14 14" className="stroke-current" strokeWidth="6" strokeLinecap="round" />
      <path d="M169 97l14 14M183 97l-14 14" className="stroke-current" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** The not-found content (spec 1, section 2): shown for every screen that is not available yet. */
export function NotFoundContent() {
  const { t } = useTranslation();
  return (
    <section data-testid="not-found" className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
      <NotFoundIllustration />
      <h1 className="text-lg font-semibold">{t('notFound.title')}</h1>
      <p className="text-sm text-muted-foreground">{t('notFound.text')}</p>
    </section>
  );
}
