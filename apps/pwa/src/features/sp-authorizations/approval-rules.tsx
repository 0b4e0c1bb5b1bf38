import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRightLeft, Layers, UserCheck, Wallet } from 'lucide-react';
import { APPROVAL_BAND, formatAmount } from '@corridor/domain';
import { PageHeader } from '@/components/page-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { api } from '@/lib/api-client.ts';
import { cacheKey } from '@/lib/local-first/cache-key.ts';
import { useLocalFirst } from '@/lib/local-first/use-local-first.ts';
import { notify } from '@/lib/notifications.ts';

const BAND_QUERY = { category: APPROVAL_BAND.category, key: APPROVAL_BAND.key, page: 0, size: 1 };
/** A plain non-negative amount, as the server takes the threshold. */
const AMOUNT = /^\d+(\.\d+)?$/;

/**
 * The approval rules the server applies to top-ups and transfers: maker-checker, the two sides of a
 * transfer, and the approval band (one approver up to the threshold, two distinct approvers above it),
 * whose threshold the TSP sets here in its global config.
 */
export function ApprovalRules() {
  const { t } = useTranslation();
  const band = useLocalFirst({
    key: cacheKey('globals.list', BAND_QUERY),
    store: 'reference',
    fetch: () => api.call<'globals.list'>('globals.list', { query: BAND_QUERY }),
  });
  const stored = band.data?.content.find((g) => g.category === APPROVAL_BAND.category && g.key === APPROVAL_BAND.key)?.value ?? null;
  const threshold = stored ?? APPROVAL_BAND.defaultThreshold;
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const value = draft ?? threshold;
  const invalid = draft !== null && !AMOUNT.test(draft.trim());

  const save = async () => {
    if (draft === null || invalid) return;
    setSaving(true);
    try {
      await api.call<'globals.upsert'>('globals.upsert', { body: { category: APPROVAL_BAND.category, key: APPROVAL_BAND.key, value: draft.trim() } });
      notify({ type: 'success', i18nMessage: 'spAuth.rules.saved' });
      setDraft(null);
      await band.refresh();
    } catch {
      // Shown by the portal's error notification; the draft stays to correct it.
    } finally {
      setSaving(false);
    }
  };

  const rules = [
    { id: 'maker-checker', Icon: UserCheck, title: 'spAuth.rules.makerChecker', text: 'spAuth.rules.makerCheckerText' },
    { id: 'two-sided', Icon: ArrowRightLeft, title: 'spAuth.rules.twoSided', text: 'spAuth.rules.twoSidedText' },
    { id: 'top-ups', Icon: Wallet, title: 'spAuth.rules.topUps', text: 'spAuth.rules.topUpsText' },
  ] as const;
  return (
    <div className="flex flex-col gap-4" data-testid="approval-rules">
      <PageHeader title={t('spAuth.rules.title')} description={t('spAuth.rules.subtitle')} />
      <ul className="grid gap-3 md:grid-cols-3">
        {rules.map(({ id, Icon, title, text }) => (
          <li key={id} className="flex items-start gap-3 rounded-lg border bg-card p-4" data-testid={`approval-rule-${id}`}>
            <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
            <div>
              <h2 className="text-sm font-medium">{t(title)}</h2>
              <p className="text-sm text-muted-foreground">{t(text)}</p>
            </div>
          </li>
        ))}
      </ul>
      <section className="flex flex-col gap-3 rounded-lg border bg-card p-4" data-testid="approval-band" aria-labelledby="approval-band-title">
        <div className="flex items-start gap-3">
          <Layers className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div>
            <h2 id="approval-band-title" className="text-sm font-medium">
              {t('spAuth.rules.band')}
            </h2>
            <p className="text-sm text-muted-foreground" data-testid="approval-band-text">
              {t('spAuth.rules.bandText', { threshold: formatAmount(threshold, 2) })}
            </p>
            {stored === null && <p className="text-xs text-muted-foreground">{t('spAuth.rules.bandDefault')}</p>}
          </div>
        </div>
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor="approval-threshold" className="text-sm font-medium">
              {t('spAuth.rules.threshold')}
            </label>
            <Input
              id="approval-threshold"
              inputMode="decimal"
              dir="ltr"
              className="w-48 tabular-nums"
              value={value}
              onChange={(e) => setDraft(e.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? 'approval-threshold-error' : undefined}
              disabled={band.offline}
              data-testid="approval-threshold"
            />
          </div>
          <Button type="submit" disabled={draft === null || invalid || saving || band.offline} data-testid="approval-threshold-save">
            {t('spAuth.rules.save')}
          </Button>
          {invalid && (
            <p id="approval-threshold-error" role="alert" className="basis-full text-sm text-destructive">
              {t('spAuth.rules.thresholdInvalid')}
            </p>
          )}
        </form>
      </section>
    </div>
  );
}
