import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@corridor/api/light';
import { MARKUP_TYPES, markupUnit } from '@corridor/domain';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormField, SERVER_ERROR } from '@/components/form/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { MARKUP_TYPING, spreadFormOf, spreadFormSchema, spreadMessageParams, type SpreadBody, type SpreadForm } from './markup-form.ts';

export interface MarkupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** What the markup applies to (pair, category, tenor), shown read-only. */
  subject: ReactNode;
  initial?: { markupType: string; askMarkup: string; bidMarkup: string };
  /** Sends the spread; a refusal's field errors are shown on the fields they name. */
  onSave: (body: SpreadBody) => Promise<void>;
}

/** Edits one markup's unit and ask/bid adjustments (layer 1, layer 2, volatile layer). */
export function MarkupDialog({ open, onOpenChange, title, subject, initial, onSave }: MarkupDialogProps) {
  const { t } = useTranslation();
  const form = useForm<SpreadForm, unknown, SpreadBody>({ resolver: zodResolver(spreadFormSchema), defaultValues: spreadFormOf(initial) });
  if (!open) return null;
  return (
    <MarkupFormDialog
      title={title}
      description={<span data-testid="markup-subject">{subject}</span>}
      submitLabel={t('rates.dialog.save')}
      testId="markup-dialog"
      form={form}
      onSave={onSave}
      onClose={() => onOpenChange(false)}
    >
      <SpreadFields />
    </MarkupFormDialog>
  );
}

/** A markup dialog's frame and submit: busy while sending, refusals on their fields, closed on success. */
export function MarkupFormDialog<T extends FieldValues, B>({
  title,
  description,
  submitLabel,
  testId,
  form,
  onSave,
  onClose,
  children,
}: {
  title: ReactNode;
  description: ReactNode;
  submitLabel: string;
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
              submit={submitLabel}
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
 * Puts each field the server refused on that field (`body.askMarkup` lands on askMarkup); a refusal
 * of a field the form lacks stays in the notification the API client shows. Anything but a refusal is rethrown.
 */
function showFieldRefusals<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, error: unknown): void {
  if (!(error instanceof ApiError)) throw error;
  for (const p of error.invalidParameters) {
    const name = p.parameter.split('.').pop() ?? p.parameter;
    if (name in form.getValues()) form.setError(name as FieldPath<T>, { type: SERVER_ERROR, message: p.message });
  }
}

/** A markup's unit and ask/bid boxes, inside any form whose values include a spread. */
export function SpreadFields() {
  const { t } = useTranslation();
  const unit = useFormContext<SpreadForm>().watch('markupType');
  const params = spreadMessageParams(unit);
  const markupBox = (name: 'askMarkup' | 'bidMarkup') => (
    <FormField<SpreadForm, typeof name>
      name={name}
      id={`markup-${name}`}
      label={`${t(`rates.fields.${name}`)} (${markupUnit(unit)})`}
      messageParams={params}
      render={(field) => (
        <Input
          {...field}
          data-testid={`markup-${name}`}
          inputMode="decimal"
          dir="ltr"
          className="font-mono"
          onChange={(e) => MARKUP_TYPING.test(e.target.value) && field.onChange(e.target.value)}
        />
      )}
    />
  );
  return (
    <>
      <FormField<SpreadForm, 'markupType'>
        name="markupType"
        id="markup-type"
        label={t('rates.fields.markupType')}
        render={(field) => (
          <NativeSelect {...field} data-testid="markup-type" choices={MARKUP_TYPES.map((m) => ({ value: m.value, label: `${m.value} (${m.unit})` }))} />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {markupBox('askMarkup')}
        {markupBox('bidMarkup')}
      </div>
      <p className="text-xs text-muted-foreground">{t('rates.dialog.markupHint', params)}</p>
    </>
  );
}
