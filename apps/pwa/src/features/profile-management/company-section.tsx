import { useEffect } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { MISSING_VALUE } from '@corridor/domain';
import { FormField, SERVER_ERROR } from '@/components/form/form-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { notify } from '@/lib/notifications.ts';
import { KYC_FIELDS, kycChanges, kycFormOf, kycFormSchema, type KycField, type KycForm } from './kyc-form.ts';
import { useProfileUpdate } from './profile-update.ts';
import type { MerchantProfile, MerchantSummary } from './use-profiles.ts';

const INPUT_TYPE: Partial<Record<KycField, string>> = { licenseExpiry: 'date', contactEmail: 'email', contactPhone: 'tel' };
const LTR_FIELDS: ReadonlySet<KycField> = new Set([
  'registrationNumber',
  'taxNumber',
  'licenseNumber',
  'contactEmail',
  'contactPhone',
  'countryOfIncorporation',
]);

/** What the TSP knows of the merchant from its own records: wallets and their currencies. */
function SummaryCard({ summary }: { summary: MerchantSummary | undefined }) {
  const { t } = useTranslation();
  if (!summary) return null;
  return (
    <Card>
      <CardContent>
        <dl className="grid gap-2 text-sm sm:grid-cols-3" data-testid="profile-merchant-summary">
          <div>
            <dt className="text-muted-foreground">{t('profileManagement.company.merchant')}</dt>
            <dd className="font-medium">{summary.name}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('profileManagement.company.wallets')}</dt>
            <dd>{summary.walletCount}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('profileManagement.company.currencies')}</dt>
            <dd dir="ltr" className="rtl:text-end">
              {summary.currencies.length > 0 ? summary.currencies.join(', ') : MISSING_VALUE}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * Company and KYC fields, edited in place: checked on the device with messages naming the field, only the
 * changed fields sent, and the server's refusals shown under the fields they name.
 */
export function CompanySection({
  profile,
  summary,
  online,
  onSaved,
}: {
  profile: MerchantProfile;
  summary: MerchantSummary | undefined;
  online: boolean;
  onSaved: (profile: MerchantProfile) => void;
}) {
  const { t } = useTranslation();
  const saved = kycFormOf(profile);
  const form = useForm<KycForm>({ resolver: zodResolver(kycFormSchema), defaultValues: saved });
  const { send, busy } = useProfileUpdate(profile.id, onSaved);
  const savedKey = JSON.stringify(saved);
  useEffect(() => {
    form.reset(JSON.parse(savedKey) as KycForm);
  }, [savedKey, form]);
  const label = (field: KycField) => t(`profileManagement.kyc.${field}`);
  const submit = form.handleSubmit(async (values) => {
    const kyc = kycChanges(saved, values);
    if (Object.keys(kyc).length === 0) return;
    const refusal = await send({ kyc });
    if (refusal === null) {
      notify({ type: 'success', i18nMessage: 'profileManagement.kycSaved' });
      return;
    }
    for (const [parameter, message] of Object.entries(refusal)) {
      const field = KYC_FIELDS.find((f) => parameter === `kyc.${f}`);
      if (field) form.setError(field, { type: SERVER_ERROR, message: `${label(field)}: ${message}` });
    }
  });
  return (
    <div className="flex flex-col gap-4">
      <SummaryCard summary={summary} />
      <Card>
        <CardContent>
          <FormProvider {...form}>
            <form
              onSubmit={(e) => void submit(e)}
              noValidate
              className="flex flex-col gap-4"
              data-testid="kyc-form"
              aria-label={t('profileManagement.kyc.title')}
            >
              <h2 className="text-base font-semibold">{t('profileManagement.kyc.title')}</h2>
              <div className="grid gap-4 md:grid-cols-2">
                {KYC_FIELDS.map((field) => (
                  <FormField<KycForm, KycField>
                    key={field}
                    name={field}
                    id={`kyc-${field}`}
                    label={label(field)}
                    messageParams={{ field: label(field) }}
                    render={(props) => (
                      <Input
                        {...props}
                        type={INPUT_TYPE[field] ?? 'text'}
                        dir={LTR_FIELDS.has(field) ? 'ltr' : 'auto'}
                        className={LTR_FIELDS.has(field) ? 'rtl:text-end' : undefined}
                        disabled={!online}
                        data-testid={`kyc-${field}`}
                      />
                    )}
                  />
                ))}
              </div>
              <Button type="submit" className="self-start" disabled={!online || busy || !form.formState.isDirty} data-testid="kyc-save">
                <Save aria-hidden />
                {t('profileManagement.save')}
              </Button>
            </form>
          </FormProvider>
        </CardContent>
      </Card>
    </div>
  );
}
