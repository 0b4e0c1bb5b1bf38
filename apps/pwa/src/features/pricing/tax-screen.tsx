import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Link } from '@tanstack/react-router';
import { Pencil } from 'lucide-react';
import type { FeeRule } from '@corridor/api';
import { DataTable } from '@/components/data-table/data-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { FormActions } from '@/components/form/form-actions.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { dpLookup } from '@/components/wallets/currency-dp.ts';
import { api } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { notify } from '@/lib/notifications.ts';
import { tableQuery } from '@/lib/table-query.ts';
import { taxProblems, withTaxes, type TaxForm } from './fee-form.ts';
import { feeColumns } from './fee-columns.tsx';
import { showServerRefusals } from './server-refusals.ts';
import { TaxEditor } from './tax-editor.tsx';
import { useFeeRules, usePricingCurrencies, type FeeKind } from './use-pricing-data.ts';

const KINDS: readonly FeeKind[] = ['MERCHANT', 'CORRESPONDENT'];

/** The taxes form: the same rules as in the fee form (names once, 0-100 %, 4 decimals). */
const taxesFormSchema = z.object({ taxes: z.array(z.object({ name: z.string(), percentage: z.string() })) }).superRefine((form, ctx) => {
  for (const p of taxProblems(form.taxes)) {
    ctx.addIssue({ code: 'custom', path: p.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message: `pricing.errors.${p.key}` });
  }
});

/**
 * service-provider/pricing/tax: taxes live on each fee rule; this lists the rules of one kind with
 * their taxes and edits them (the rest of the rule is put back as it was).
 */
export function TaxScreen({ route, kind }: { route: TableSearchRoute; kind: FeeKind }) {
  const { t } = useTranslation();
  const tableKey = `sp-fee-taxes-${kind.toLowerCase()}`;
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const [saved, setSaved] = useState(0);
  const rules = useFeeRules(kind, tableQuery(state), saved);
  const { currencies } = usePricingCurrencies();
  const [editing, setEditing] = useState<FeeRule | null>(null);
  const columns = useMemo(
    () =>
      feeColumns(['chargeMode', 'corridor', 'taxes', 'effective', 'status', 'actions'], {
        t,
        dpOf: dpLookup(currencies),
        actions: (row) => [
          {
            id: 'edit',
            label: t('pricing.taxes.edit'),
            icon: Pencil,
            variant: 'ghost',
            labelFrom: 'never',
            testId: 'fee-taxes-edit',
            onSelect: () => setEditing(row),
          },
        ],
      }),
    [t, currencies],
  );
  return (
    <div className="flex flex-col gap-5" data-testid="fee-taxes-screen">
      <PageHeader title={t('pricing.tax')} description={t('pricing.taxSubtitle')} count={rules.data?.totalElements} />
      <nav className="flex gap-1 overflow-x-auto border-b" aria-label={t('pricing.taxes.kinds')}>
        {KINDS.map((k) => (
          <Link
            key={k}
            to="/service-provider/pricing/tax"
            search={{ kind: k.toLowerCase() }}
            data-testid={`fee-taxes-tab-${k.toLowerCase()}`}
            aria-current={k === kind ? 'page' : undefined}
            className={cn(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium transition-colors',
              k === kind ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
            )}
          >
            {t(k === 'MERCHANT' ? 'pricing.merchantFee' : 'pricing.correspondentFee')}
          </Link>
        ))}
      </nav>
      <DataTable
        columns={columns}
        data={rules.data?.content ?? []}
        total={rules.data?.totalElements ?? 0}
        state={state}
        onStateChange={onStateChange}
        loading={rules.loading}
        tableKey={tableKey}
        updatedAt={rules.updatedAt ?? undefined}
        offline={rules.offline}
        label={t('pricing.tax')}
        getRowId={(r) => r.id}
      />
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent closeLabel={t('pricing.dialog.close')} data-testid="fee-taxes-dialog" className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>{t('pricing.taxes.edit')}</DialogTitle>
            <DialogDescription>{t('pricing.taxes.description')}</DialogDescription>
          </DialogHeader>
          {editing && <TaxesFormBody kind={kind} rule={editing} onClose={() => setEditing(null)} onSaved={() => setSaved((n) => n + 1)} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function TaxesFormBody({ kind, rule, onClose, onSaved }: { kind: FeeKind; rule: FeeRule; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useForm<{ taxes: TaxForm[] }>({
    resolver: zodResolver(taxesFormSchema),
    defaultValues: { taxes: rule.taxes.map((x) => ({ name: x.name, percentage: x.percentage })) },
  });
  const [sending, setSending] = useState(false);
  const submit = form.handleSubmit(async ({ taxes }) => {
    setSending(true);
    try {
      const body = withTaxes(rule, taxes);
      const path = { id: rule.id };
      if (kind === 'MERCHANT') await api.call<'pricing.updateFee'>('pricing.updateFee', { path, body });
      else await api.call<'pricing.updateCorrespondentFee'>('pricing.updateCorrespondentFee', { path, body });
      notify({ type: 'success', i18nMessage: 'pricing.saved' });
      onSaved();
      onClose();
    } catch (error) {
      showServerRefusals(form, error);
    } finally {
      setSending(false);
    }
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <TaxEditor />
        <FormActions
          cancel={t('pricing.dialog.cancel')}
          submit={t('pricing.dialog.save')}
          busy={sending}
          onCancel={onClose}
          testIds={{ submit: 'fee-taxes-submit' }}
        />
      </form>
    </FormProvider>
  );
}
