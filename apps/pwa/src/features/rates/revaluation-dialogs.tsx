import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import type { z } from 'zod';
import { ApiError, newIdempotencyKey, type revaluationResult } from '@corridor/api';
import { FormMessage } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { api } from '@/lib/api-client.ts';
import type { RevaluationConfigRow } from './revaluation-columns.tsx';
import { AUTO_RATE_TYPES, refusalField, revaluationConfigForm, revaluationRunForm } from './revaluation-form.ts';

export type RevaluationResult = z.output<typeof revaluationResult>;
type Problems = Partial<Record<string, string>>;

/** The problems a checked form or a server refusal names: per field, and the rest for the whole form. */
function problemsOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Problems {
  const out: Problems = {};
  for (const issue of issues) out[String(issue.path[0] ?? 'form')] ??= issue.message;
  return out;
}

function refusalProblems(error: ApiError, fields: readonly string[]): Problems {
  const out: Problems = {};
  for (const p of error.invalidParameters) out[refusalField(p.parameter, fields) ?? 'form'] ??= p.message;
  if (error.invalidParameters.length === 0) out.form = error.message;
  return out;
}

const CONFIG_FIELDS = ['autoRevaluation', 'autoRevaluationRateType'] as const;

/**
 * Edits a revaluation config: whether it revalues by itself and at which rate type. Checked before sending;
 * the server's refusal is shown under the field it names. Needs the network (the parent offers it online only).
 */
export function RevaluationConfigDialog({ config, onSaved, onClose }: { config: RevaluationConfigRow; onSaved: () => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const [auto, setAuto] = useState(config.autoRevaluation);
  const [rateType, setRateType] = useState(config.autoRevaluationRateType ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const checked = revaluationConfigForm.safeParse({ autoRevaluation: auto, autoRevaluationRateType: rateType });
    if (!checked.success) {
      setProblems(problemsOf(checked.error.issues));
      return;
    }
    setBusy(true);
    setProblems({});
    try {
      await api.call<'revaluation.updateConfig'>('revaluation.updateConfig', {
        path: { id: config.id },
        body: {
          currencyConfigId: config.currencyConfigId,
          sourceCurrency: config.sourceCurrency,
          targetCurrency: config.targetCurrency,
          autoRevaluation: auto,
          ...(rateType !== '' ? { autoRevaluationRateType: rateType } : {}),
        },
      });
      await onSaved();
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblems(refusalProblems(error, CONFIG_FIELDS));
    } finally {
      setBusy(false);
    }
  };
  const message = (key: string | undefined) => (key === undefined ? null : t(key, { defaultValue: key }));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('revaluationRates.dialog.close')} data-testid="revaluation-config-dialog" className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('revaluationRates.editTitle')}</DialogTitle>
          <DialogDescription>
            <bdi dir="ltr">
              {config.sourceCurrency}/{config.targetCurrency}
            </bdi>
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label className="flex items-center gap-2 text-sm" htmlFor="revaluation-auto">
            <input
              id="revaluation-auto"
              data-testid="revaluation-auto"
              type="checkbox"
              className="size-4"
              checked={auto}
              onChange={(e) => setAuto(e.target.checked)}
            />
            {t('revaluationRates.fields.autoRevaluation')}
          </label>
          {problems.autoRevaluation && <FormMessage id="revaluation-auto-error">{message(problems.autoRevaluation)}</FormMessage>}
          <div className="grid gap-1.5">
            <Label htmlFor="revaluation-rate-type">{t('revaluationRates.fields.rateType')}</Label>
            <NativeSelect
              id="revaluation-rate-type"
              data-testid="revaluation-rate-type"
              placeholder={t('revaluationRates.fields.rateTypeNone')}
              choices={AUTO_RATE_TYPES.map((v) => ({ value: v, label: v }))}
              value={rateType}
              aria-invalid={problems.autoRevaluationRateType !== undefined}
              aria-describedby={problems.autoRevaluationRateType ? 'revaluation-rate-type-error' : undefined}
              onChange={(e) => setRateType(e.target.value)}
            />
            {problems.autoRevaluationRateType && <FormMessage id="revaluation-rate-type-error">{message(problems.autoRevaluationRateType)}</FormMessage>}
          </div>
          {problems.form && <FormMessage id="revaluation-config-refusal">{message(problems.form)}</FormMessage>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('revaluationRates.dialog.cancel')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="revaluation-config-save">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('revaluationRates.dialog.save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const RUN_FIELDS = ['revaluationDate', 'currencies'] as const;

/**
 * Runs a revaluation: a date (today by default) and the currencies (all revalued ones unless some are chosen),
 * then a confirmation naming what will be posted. Sent under one idempotency key per opening: a repeat after a
 * lost answer runs nothing twice (and the server runs each date and currency once anyway).
 */
export function RevaluationRunDialog({
  today,
  currencies,
  onDone,
  onClose,
}: {
  today: string;
  currencies: readonly string[];
  onDone: (result: RevaluationResult) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [date, setDate] = useState(today);
  const [chosen, setChosen] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  const key = useRef(newIdempotencyKey());
  const review = () => {
    const checked = revaluationRunForm(today).safeParse({ revaluationDate: date, currencies: chosen });
    if (!checked.success) {
      setProblems(problemsOf(checked.error.issues));
      return;
    }
    setProblems({});
    setConfirming(true);
  };
  const run = async () => {
    setBusy(true);
    try {
      const body = { revaluationDate: date, ...(chosen.length > 0 ? { currencies: chosen } : {}) };
      onDone(await api.call<'revaluation.run'>('revaluation.run', { body, idempotencyKey: key.current }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblems(refusalProblems(error, RUN_FIELDS));
      setConfirming(false);
      key.current = newIdempotencyKey();
    } finally {
      setBusy(false);
    }
  };
  const message = (text: string | undefined) => (text === undefined ? null : t(text, { defaultValue: text }));
  const toggle = (code: string, on: boolean) => setChosen((list) => (on ? [...list, code].sort() : list.filter((c) => c !== code)));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('revaluationRates.dialog.close')} data-testid="revaluation-run-dialog" className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{confirming ? t('revaluationRates.run.confirmTitle') : t('revaluationRates.run.title')}</DialogTitle>
          <DialogDescription data-testid="revaluation-run-summary">
            {confirming
              ? t('revaluationRates.run.confirm', {
                  date,
                  currencies: chosen.length > 0 ? chosen.join(', ') : t('revaluationRates.run.allCurrencies'),
                })
              : t('revaluationRates.run.subtitle')}
          </DialogDescription>
        </DialogHeader>
        {!confirming && (
          <div className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="revaluation-run-date">{t('revaluationRates.fields.revaluationDate')}</Label>
              <Input
                id="revaluation-run-date"
                data-testid="revaluation-run-date"
                type="date"
                max={today}
                value={date}
                aria-invalid={problems.revaluationDate !== undefined}
                aria-describedby={problems.revaluationDate ? 'revaluation-run-date-error' : undefined}
                onChange={(e) => setDate(e.target.value)}
              />
              {problems.revaluationDate && <FormMessage id="revaluation-run-date-error">{message(problems.revaluationDate)}</FormMessage>}
            </div>
            {currencies.length > 0 && (
              <fieldset className="grid gap-1.5">
                <legend className="mb-1.5 text-sm font-medium">{t('revaluationRates.fields.currencies')}</legend>
                <div className="flex flex-wrap gap-3">
                  {currencies.map((code) => (
                    <label key={code} className="flex items-center gap-1.5 text-sm" htmlFor={`revaluation-run-ccy-${code}`}>
                      <input
                        id={`revaluation-run-ccy-${code}`}
                        data-testid={`revaluation-run-ccy-${code}`}
                        type="checkbox"
                        className="size-4"
                        checked={chosen.includes(code)}
                        onChange={(e) => toggle(code, e.target.checked)}
                      />
                      <bdi dir="ltr">{code}</bdi>
                    </label>
                  ))}
                </div>
                <span className="text-xs text-muted-foreground">{t('revaluationRates.run.currenciesHint')}</span>
                {problems.currencies && <FormMessage id="revaluation-run-currencies-error">{message(problems.currencies)}</FormMessage>}
              </fieldset>
            )}
          </div>
        )}
        {problems.form && <FormMessage id="revaluation-run-refusal">{message(problems.form)}</FormMessage>}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={confirming ? () => setConfirming(false) : onClose} data-testid="revaluation-run-cancel">
            {confirming ? t('revaluationRates.run.back') : t('revaluationRates.dialog.cancel')}
          </Button>
          {confirming ? (
            <Button type="button" disabled={busy} onClick={() => void run()} data-testid="revaluation-run-confirm">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('revaluationRates.run.execute')}
            </Button>
          ) : (
            <Button type="button" onClick={review} data-testid="revaluation-run-review">
              {t('revaluationRates.run.next')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
