import { useController, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField, FormMessage } from '@/components/form/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { ACCOUNT_KEYS, REQUIRED_ACCOUNT, type AccountingConfigForm } from './accounting-config-form.ts';

const upper = (onChange: (value: string) => void) => (e: { target: { value: string } }) => onChange(e.target.value.toUpperCase());

/** One cell's input of the accounts table, named by its row and column. */
function LedgerInput({ name, label, currency }: { name: FieldPath<AccountingConfigForm>; label: string; currency?: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController<AccountingConfigForm>({ name });
  const error = fieldState.error?.message;
  return (
    <>
      <Input
        {...field}
        value={field.value as string}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        className={currency ? 'font-mono uppercase' : 'font-mono'}
        maxLength={currency ? 3 : undefined}
        onChange={currency ? upper(field.onChange) : field.onChange}
      />
      {error && <FormMessage>{t(error)}</FormMessage>}
    </>
  );
}

/** The main ledger pair and the table of account pairs of the accounting config editor. */
export function AccountingConfigFields() {
  const { t } = useTranslation();
  const code = t('merchantSettings.fields.ledgerCode');
  const ccy = t('merchantSettings.fields.ledgerCcy');
  return (
    <>
      <div className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:grid-cols-[1fr_7rem]">
        <FormField<AccountingConfigForm, 'ledgerCode'>
          name="ledgerCode"
          id="ledger-code"
          label={code}
          render={(field) => <Input {...field} data-testid="accounting-ledger-code" className="font-mono" />}
        />
        <FormField<AccountingConfigForm, 'ledgerCcy'>
          name="ledgerCcy"
          id="ledger-ccy"
          label={ccy}
          render={(field) => (
            <Input {...field} data-testid="accounting-ledger-ccy" className="font-mono uppercase" maxLength={3} onChange={upper(field.onChange)} />
          )}
        />
      </div>
      <table className="w-full text-sm">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th className="pb-2 text-start font-medium">{t('merchantSettings.fields.account')}</th>
            <th className="pb-2 text-start font-medium">{code}</th>
            <th className="w-20 pb-2 text-start font-medium sm:w-24">{ccy}</th>
          </tr>
        </thead>
        <tbody>
          {ACCOUNT_KEYS.map((key) => {
            const account = t(`merchantSettings.accounts.${key}`);
            return (
              <tr key={key} className="align-top" data-testid={`accounting-edit-${key}`}>
                <td className="py-1 pe-3 pt-3 break-words">
                  {account}
                  {key === REQUIRED_ACCOUNT && <span className="text-destructive"> *</span>}
                </td>
                <td className="py-1 pe-2">
                  <LedgerInput name={`accounts.${key}.ledgerCode`} label={`${account} ${code}`} />
                </td>
                <td className="py-1">
                  <LedgerInput name={`accounts.${key}.ledgerCcy`} label={`${account} ${ccy}`} currency />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
