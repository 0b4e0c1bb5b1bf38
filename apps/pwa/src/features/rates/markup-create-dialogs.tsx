import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect, type SelectChoice } from '@/components/ui/native-select.tsx';
import { MarkupFormDialog, SpreadFields } from './markup-dialog.tsx';
import { AGENT_ACTIVITIES, agentFormSchema, spreadFormOf, volatileFormSchema, type AgentForm, type VolatileForm } from './markup-form.ts';

type VolatileBody = ReturnType<typeof volatileFormSchema.parse>;
type AgentBody = ReturnType<typeof agentFormSchema.parse>;

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
    <MarkupFormDialog
      submitLabel={t('rates.dialog.create')}
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
    </MarkupFormDialog>
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
    <MarkupFormDialog
      submitLabel={t('rates.dialog.create')}
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
    </MarkupFormDialog>
  );
}
