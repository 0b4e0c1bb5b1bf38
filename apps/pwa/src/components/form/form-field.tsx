import type { ReactElement, ReactNode } from 'react';
import { Controller, useFormContext, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Label } from '@/components/ui/label.tsx';
import { cn } from '@/lib/cn.ts';

/** What a field's control receives: react-hook-form's binding plus the ids and states a screen reader needs. */
export type FieldControlProps<T extends FieldValues, N extends FieldPath<T>> = ControllerRenderProps<T, N> & {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** A server refusal set with `setError(name, { type: SERVER_ERROR, message })`: shown as sent, not translated. */
export const SERVER_ERROR = 'server';

/**
 * One form field: label, control and its message. Schema messages are i18n keys, translated here with
 * `messageParams`; a server's message is shown as it came.
 */
export function FormField<T extends FieldValues, N extends FieldPath<T>>({
  name,
  id,
  label,
  messageParams,
  className,
  render,
}: {
  name: N;
  id: string;
  label: ReactNode;
  messageParams?: Record<string, unknown>;
  className?: string;
  render: (field: FieldControlProps<T, N>) => ReactElement;
}) {
  const { t } = useTranslation();
  const { control } = useFormContext<T>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState: { error } }) => {
        const message = error?.message ? (error.type === SERVER_ERROR ? error.message : t(error.message, messageParams)) : undefined;
        return (
          <div className={cn('grid gap-1.5', className)}>
            <Label htmlFor={id}>{label}</Label>
            {render({ ...field, id, 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? `${id}-error` : undefined })}
            {message && <FormMessage id={`${id}-error`}>{message}</FormMessage>}
          </div>
        );
      }}
    />
  );
}

/** A field's (or the form's) error, announced when it appears. */
export function FormMessage({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} data-testid={id} className="text-xs text-destructive" role="alert">
      {children}
    </p>
  );
}

/** Plain textarea with the input's look (the kit has no textarea of its own). */
export const TEXTAREA_CLASS =
  'min-h-24 w-full rounded-md border border-input bg-transparent px-3 py-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive disabled:opacity-50';
