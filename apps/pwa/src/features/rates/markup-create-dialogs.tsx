import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormField } from '@/components/form/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect, type SelectChoice } from '@/components/ui/native-select.tsx';
import { showFieldRefusals, SpreadFields } from './markup-dialog.tsx';
import { AGENT_ACTIVITIES, agentFormSchema, spreadFormOf, volatileFormSchema, type AgentForm, type VolatileForm } from './markup-form.ts';

type VolatileBody = ReturnType<typeof volatileFormSchema.parse>;
type AgentBody = ReturnType<typeof agentFormSchema.parse>;

/** The dialog frame and submit of a create form: busy while sending, refusals on their fields, closed on success. */
function CreateDialog<T extends FieldValues, B>({
  title,
  description,
  testId,
  form,
  onSave,
  onClose,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  testId: string;
  form: UseFormReturn<T, unknown, B>;
  onSave: (body: B) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async (body) => {
    setBusy(true);
    try {
      await onSave(body);
      onClose();
    } catch (error) {
      showFieldRefusals(form, error);
    } finally {
      setBusy(false);
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('rates.dialog.close')} data-testid={testId} className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormProvider {...form}>
          <form className="grid gap-4" noValidate onSubmit={(e) => void submit(e)}>
            {children}
            <FormActions
              cancel={t('rates.dialog.cancel')}
              submit={t('rates.dialog.create')}
              busy={busy}
              onCancel={onClose}
              testIds={{ submit: 'markup-save', cancel: 'markup-cancel' }}
            />
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A new volatile layer on one of the TSP's deal configs. A deal that already has one is offered too:
 * the server's call is an upsert, so choosing it replaces that layer's spread (the hint says so).
 */
export function VolatileLayerCreateDialog({
  deals,
  onSave,
  onClose,
}: {
  /** The TSP's currency deal configs, labelled pair · tenor · provider. */
  deals: readonly SelectChoice[];
  onSave: (body: VolatileBody) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<VolatileForm, unknown, VolatileBody>({
    resolver: zodResolver(volatileFormSchema),
    defaultValues: { currencyDealConfigId: '', ...spreadFormOf() },
  });
  return (
    <CreateDialog
      title={t('rates.premium.new')}
      description={t('rates.premium.newHint')}
      testId="volatile-create-dialog"
      form={form}
      onSave={onSave}
      onClose={onClose}
    >
      <FormField<VolatileForm, 'currencyDealConfigId'>
        name="currencyDealConfigId"
        id="volatile-deal"
        label={t('rates.fields.deal')}
        render={(field) => <NativeSelect {...field} data-testid="volatile-deal" placeholder={t('rates.fields.chooseDeal')} choices={deals} />}
      />
      <SpreadFields />
    </CreateDialog>
  );
}

/** A new agent markup: the product, activity and instrument it applies to, and its spread. */
export function AgentMarkupCreateDialog({ onSave, onClose }: { onSave: (body: AgentBody) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<AgentForm, unknown, AgentBody>({
    resolver: zodResolver(agentFormSchema),
    defaultValues: { productType: '', activityType: 'BUY', instrumentType: '', ...spreadFormOf() },
  });
  const text = (name: 'productType' | 'instrumentType', placeholder: string) => (
    <FormField<AgentForm, typeof name>
      name={name}
      id={`agent-${name}`}
      label={t(`rates.columns.${name}`)}
      render={(field) => <Input {...field} data-testid={`agent-${name}`} placeholder={placeholder} dir="ltr" className="uppercase" />}
    />
  );
  return (
    <CreateDialog
      title={t('rates.markup.newAgent')}
      description={t('rates.markup.newAgentHint')}
      testId="agent-create-dialog"
      form={form}
      onSave={onSave}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        {text('productType', 'REMITTANCE')}
        <FormField<AgentForm, 'activityType'>
          name="activityType"
          id="agent-activityType"
          label={t('rates.columns.activityType')}
          render={(field) => (
            <NativeSelect {...field} data-testid="agent-activityType" choices={AGENT_ACTIVITIES.map((a) => ({ value: a, label: t(`rates.activity.${a}`) }))} />
          )}
        />
        {text('instrumentType', 'SPOT')}
      </div>
      <SpreadFields />
    </CreateDialog>
  );
}
