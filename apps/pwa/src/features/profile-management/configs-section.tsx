import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { PROFILE_STATUSES, type ProfileStatus } from './profile-statuses.ts';
import { useProfileUpdate, type ProfileUpdateBody, type Refusal } from './profile-update.ts';
import { useFeeSchedules, usePricingProfiles, type MerchantProfile } from './use-profiles.ts';

/**
 * How this TSP has the merchant set up: the profile's status, and the fee and markup profile it is priced
 * with (only at the merchant's own TSP: the server says so otherwise), with the fee schedules that apply.
 */
export function ConfigsSection({ profile, online, onSaved }: { profile: MerchantProfile; online: boolean; onSaved: (p: MerchantProfile) => void }) {
  const { t } = useTranslation();
  const { send, busy } = useProfileUpdate(profile.id, onSaved);
  const { fees, markups } = usePricingProfiles();
  const schedules = useFeeSchedules();
  const [refusal, setRefusal] = useState<Refusal>({});
  const change = async (body: ProfileUpdateBody) => setRefusal((await send(body)) ?? {});
  const none = t('profileManagement.configs.none');
  const select = (id: string, label: string, field: 'merchantFeeProfileId' | 'markupProfileId', choices: Array<{ value: string; label: string }>) => (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={profile[field] ?? ''}
        disabled={!online || busy}
        data-testid={id}
        aria-invalid={refusal[field] ? true : undefined}
        aria-describedby={refusal[field] ? `${id}-error` : undefined}
        onChange={(e) => void change({ [field]: e.target.value === '' ? null : e.target.value })}
        placeholder={none}
        choices={choices}
      />
      {refusal[field] && (
        <p id={`${id}-error`} className="text-xs text-destructive" role="alert">
          {label}: {refusal[field]}
        </p>
      )}
    </div>
  );
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent className="flex flex-col gap-4">
          <h2 className="text-base font-semibold">{t('profileManagement.configs.title')}</h2>
          <div className="grid gap-4 md:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor="config-profile-status">{t('profileManagement.configs.profileStatus')}</Label>
              <NativeSelect
                id="config-profile-status"
                value={profile.profileStatus}
                disabled={!online || busy}
                data-testid="config-profile-status"
                onChange={(e) => void change({ profileStatus: e.target.value as ProfileStatus })}
                choices={PROFILE_STATUSES.map((s) => ({ value: s, label: t(`profileManagement.profileStatus.${s}`) }))}
              />
            </div>
            {select(
              'config-fee-profile',
              t('profileManagement.configs.feeProfile'),
              'merchantFeeProfileId',
              (fees.data?.content ?? []).map((p) => ({ value: p.id, label: p.name })),
            )}
            {select(
              'config-markup-profile',
              t('profileManagement.configs.markupProfile'),
              'markupProfileId',
              (markups.data?.content ?? []).map((p) => ({ value: p.id, label: p.name })),
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="flex flex-col gap-3">
          <h2 className="text-base font-semibold">{t('profileManagement.configs.feeSchedules')}</h2>
          {(schedules.data?.content ?? []).length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('profileManagement.configs.noFeeSchedules')}</p>
          ) : (
            <ul className="divide-y text-sm" data-testid="fee-schedules">
              {(schedules.data?.content ?? []).map((s) => (
                <li key={s.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>
                    {s.name} · {s.feeType}
                  </span>
                  <span dir="ltr" className="font-mono">
                    {s.amount} {s.currency}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
