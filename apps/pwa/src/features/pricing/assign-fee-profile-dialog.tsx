import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@corridor/api/light';
import { FormActions } from '@/components/form/form-actions.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { ALL_ROWS_PAGE } from '@/lib/page-query.ts';

/** What the dialog shows of a merchant profile of the TSP. */
interface MerchantChoice {
  id: string;
  merchantName: string;
  merchantFeeProfileId: string | null;
}

/**
 * Assigns a fee profile to one of the TSP's merchants (its merchant profile's `merchantFeeProfileId`):
 * from then on the merchant's fees are priced with the profile's rules. Merchants already on the
 * profile are shown but cannot be picked; the server's refusal (a relation the TSP does not price)
 * is shown under the choice.
 */
export function AssignFeeProfileDialog({
  profile,
  onClose,
  onAssigned,
}: {
  profile: { id: string; name: string };
  onClose: () => void;
  onAssigned: () => void;
}) {
  const { t } = useTranslation();
  const [merchants, setMerchants] = useState<readonly MerchantChoice[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    let live = true;
    void api
      .call<'merchantProfiles.spList'>('merchantProfiles.spList', { query: { ...ALL_ROWS_PAGE, status: 'ACTIVE' } })
      .then((page) => live && setMerchants(page.content))
      .catch(() => live && setMerchants([]));
    return () => {
      live = false;
    };
  }, []);
  const submit = async () => {
    if (chosen === '') {
      setProblem(t('pricing.profiles.assign.required'));
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      await api.call<'merchantProfiles.spUpdate'>('merchantProfiles.spUpdate', { path: { id: chosen }, body: { merchantFeeProfileId: profile.id } });
      notify({ type: 'success', i18nMessage: 'pricing.profiles.assign.done' });
      onAssigned();
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.invalidParameters[0]?.message ?? error.message);
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('profileForm.close')} data-testid="assign-fee-profile-dialog">
        <DialogHeader>
          <DialogTitle>{t('pricing.profiles.assign.title', { name: profile.name })}</DialogTitle>
          <DialogDescription>{t('pricing.profiles.assign.description')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="assign-fee-profile-merchant">{t('pricing.profiles.assign.merchant')}</Label>
            <NativeSelect
              id="assign-fee-profile-merchant"
              data-testid="assign-fee-profile-merchant"
              value={chosen}
              disabled={merchants === null}
              aria-invalid={problem !== null}
              aria-describedby={problem === null ? undefined : 'assign-fee-profile-error'}
              placeholder={merchants === null ? t('pricing.profiles.assign.loading') : t('pricing.profiles.assign.choose')}
              onChange={(e) => {
                setChosen(e.target.value);
                setProblem(null);
              }}
            >
              {(merchants ?? []).map((m) => (
                <option key={m.id} value={m.id} disabled={m.merchantFeeProfileId === profile.id}>
                  {m.merchantFeeProfileId === profile.id ? t('pricing.profiles.assign.already', { name: m.merchantName }) : m.merchantName}
                </option>
              ))}
            </NativeSelect>
            {problem !== null && (
              <p id="assign-fee-profile-error" role="alert" className="text-sm text-destructive" data-testid="assign-fee-profile-error">
                {problem}
              </p>
            )}
          </div>
          <FormActions
            cancel={t('profileForm.cancel')}
            submit={t('pricing.profiles.assign.submit')}
            busy={sending}
            onCancel={onClose}
            testIds={{ submit: 'assign-fee-profile-submit', cancel: 'assign-fee-profile-cancel' }}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
