import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '@corridor/api/light';
import { FormActions } from '@/components/form/form-actions.tsx';
import { FormField, SERVER_ERROR } from '@/components/form/form-field.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import type { ValueForm } from './rate-settings-form.ts';

export interface ValueDialogProps<TBody> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  subject: ReactNode;
  label: string;
  initial: string;
  schema: z.ZodType<TBody, ValueForm>;
  /** Names the server may give the field in a refusal (`ibrRate`, `value`). */
  serverNames: readonly string[];
  messageParams?: Record<string, unknown>;
  /** What may be typed (digits and a dot for a rate, digits for seconds). */
  typing: RegExp;
  testId: string;
  onSave: (body: TBody) => Promise<void>;
}

/** A dialog that edits one value (an interbank rate, the staleness limit), checked before sending. */
export function ValueDialog<TBody>({ open, onOpenChange, title, subject, ...props }: ValueDialogProps<TBody>) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('rates.dialog.close')} data-testid={`${props.testId}-dialog`} className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription asChild>
            <div>{subject}</div>
          </DialogDescription>
        </DialogHeader>
        <ValueFormBody {...props} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ValueFormBody<TBody>({
  label,
  initial,
  schema,
  serverNames,
  messageParams,
  typing,
  testId,
  onSave,
  onClose,
}: Omit<ValueDialogProps<TBody>, 'open' | 'onOpenChange' | 'title' | 'subject'> & { onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<ValueForm, unknown, TBody>({ resolver: zodResolver(schema), defaultValues: { value: initial } });
  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async (body) => {
    setBusy(true);
    try {
      await onSave(body);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const mine = error.invalidParameters.filter((p) => serverNames.includes(p.parameter));
      for (const p of mine) form.setError('value', { type: SERVER_ERROR, message: p.message });
    } finally {
      setBusy(false);
    }
  });
  return (
    <FormProvider {...form}>
      <form className="grid gap-4" noValidate onSubmit={(e) => void submit(e)}>
        <FormField<ValueForm, 'value'>
          name="value"
          id={`${testId}-value`}
          label={label}
          messageParams={messageParams}
          render={(field) => (
            <Input
              {...field}
              data-testid={`${testId}-value`}
              inputMode="decimal"
              dir="ltr"
              className="font-mono"
              onChange={(e) => typing.test(e.target.value) && field.onChange(e.target.value)}
            />
          )}
        />
        <FormActions cancel={t('rates.dialog.cancel')} submit={t('rates.dialog.save')} busy={busy} onCancel={onClose} testIds={{ submit: `${testId}-save` }} />
      </form>
    </FormProvider>
  );
}
