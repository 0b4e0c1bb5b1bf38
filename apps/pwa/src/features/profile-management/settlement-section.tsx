import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus, Trash2 } from 'lucide-react';
import { newIdempotencyKey } from '@corridor/api';
import { MISSING_VALUE } from '@corridor/domain';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { api } from '@/lib/api-client.ts';
import { REVIEW_STATUSES, SETTLEMENT_MODES, type ReviewStatus, type SettlementMode } from './profile-statuses.ts';
import { refusalOf, useProfileUpdate, type Refusal } from './profile-update.ts';
import { useMerchantWallets, type MerchantProfile, type ProfileSettlement } from './use-profiles.ts';

interface Cycle {
  mode: SettlementMode;
  value: string;
  settlementDate: string;
}

/** A cycle as typed, as the body's cycle: an empty value or date is none. */
function cycleBody(c: Cycle) {
  const value = c.value.trim() === '' ? null : Number(c.value);
  return { mode: c.mode, value: Number.isInteger(value) ? value : null, settlementDate: c.settlementDate === '' ? null : c.settlementDate };
}

function CycleFields({
  prefix,
  cycle,
  onChange,
  refusal,
  disabled,
}: {
  prefix: string;
  cycle: Cycle;
  onChange: (c: Cycle) => void;
  refusal: Refusal;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const error = (field: string, label: string) => {
    const message = refusal[`settlementCycle.${field}`];
    return message ? (
      <p id={`${prefix}-${field}-error`} className="text-xs text-destructive" role="alert">
        {label}: {message}
      </p>
    ) : null;
  };
  const valueLabel = t('profileManagement.settlement.value');
  const dateLabel = t('profileManagement.settlement.date');
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${prefix}-mode`}>{t('profileManagement.settlement.mode')}</Label>
        <NativeSelect
          id={`${prefix}-mode`}
          value={cycle.mode}
          disabled={disabled}
          onChange={(e) => onChange({ ...cycle, mode: e.target.value as SettlementMode })}
          choices={SETTLEMENT_MODES.map((m) => ({ value: m, label: t(`profileManagement.settlementMode.${m}`) }))}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${prefix}-value`}>{valueLabel}</Label>
        <Input
          id={`${prefix}-value`}
          inputMode="numeric"
          dir="ltr"
          className="rtl:text-end"
          value={cycle.value}
          disabled={disabled}
          aria-invalid={refusal['settlementCycle.value'] ? true : undefined}
          onChange={(e) => onChange({ ...cycle, value: e.target.value })}
        />
        {error('value', valueLabel)}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${prefix}-date`}>{dateLabel}</Label>
        <Input
          id={`${prefix}-date`}
          type="date"
          value={cycle.settlementDate}
          disabled={disabled}
          aria-invalid={refusal['settlementCycle.settlementDate'] ? true : undefined}
          onChange={(e) => onChange({ ...cycle, settlementDate: e.target.value })}
        />
        {error('settlementDate', dateLabel)}
      </div>
    </>
  );
}

const cycleText = (t: (key: string) => string, c: { mode: string; value: number | null; settlementDate: string | null }) =>
  [t(`profileManagement.settlementMode.${c.mode}`), c.value ?? '', c.settlementDate ?? ''].filter((x) => x !== '').join(' · ');

/**
 * Settlement set-up: the profile's settlement cycle and status, and the wallets it settles into, each
 * on its own cycle (added from the merchant's wallets at this TSP, removed after a confirmation).
 */
export function SettlementSection({
  profile,
  settlements,
  online,
  onChanged,
}: {
  profile: MerchantProfile;
  settlements: readonly ProfileSettlement[];
  online: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { send, busy } = useProfileUpdate(profile.id, () => onChanged());
  const wallets = useMerchantWallets(profile.merchantServiceId);
  const current = profile.settlementCycle;
  const [cycle, setCycle] = useState<Cycle>({
    mode: current?.mode ?? 'MONTHLY',
    value: current?.value === null || current === null ? '' : String(current.value),
    settlementDate: current?.settlementDate ?? '',
  });
  const [cycleRefusal, setCycleRefusal] = useState<Refusal>({});
  const [walletId, setWalletId] = useState('');
  const [setup, setSetup] = useState<Cycle>({ mode: 'DAILY', value: '', settlementDate: '' });
  const [setupRefusal, setSetupRefusal] = useState<Refusal>({});
  const [removing, setRemoving] = useState<ProfileSettlement | null>(null);
  const walletRows = wallets.data?.content ?? [];
  const walletName = (id: string) => {
    const w = walletRows.find((row) => row.id === id);
    return w ? `${w.alias} (${w.currency.code})` : id;
  };
  const addSetup = async () => {
    const wallet = walletRows.find((w) => w.id === walletId);
    if (!wallet) return;
    setSetupRefusal({});
    try {
      await api.call<'merchantProfiles.addSettlement'>('merchantProfiles.addSettlement', {
        path: { merchantProfileId: profile.id },
        body: { walletId, currency: wallet.currency.code, settlementCycle: cycleBody(setup) },
        idempotencyKey: newIdempotencyKey(),
      });
      setWalletId('');
      onChanged();
    } catch (error) {
      setSetupRefusal(refusalOf(error));
    }
  };
  const remove = async (s: ProfileSettlement) => {
    await api.call<'merchantProfiles.deleteSettlement'>('merchantProfiles.deleteSettlement', { path: { merchantProfileId: profile.id, id: s.id } });
    onChanged();
  };
  const disabled = !online || busy;
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent>
          <form
            className="flex flex-col gap-4"
            data-testid="settlement-cycle"
            onSubmit={(e) => {
              e.preventDefault();
              void send({ settlementCycle: cycleBody(cycle) }).then((r) => setCycleRefusal(r ?? {}));
            }}
          >
            <h2 className="text-base font-semibold">{t('profileManagement.settlement.cycleTitle')}</h2>
            <div className="grid gap-4 md:grid-cols-4">
              <div className="grid gap-1.5">
                <Label htmlFor="settlement-status">{t('profileManagement.settlement.status')}</Label>
                <NativeSelect
                  id="settlement-status"
                  value={profile.settlementStatus}
                  disabled={disabled}
                  onChange={(e) => void send({ settlementStatus: e.target.value as ReviewStatus })}
                  choices={REVIEW_STATUSES.map((s) => ({ value: s, label: t(`profileManagement.reviewStatus.${s}`) }))}
                />
              </div>
              <CycleFields prefix="cycle" cycle={cycle} onChange={setCycle} refusal={cycleRefusal} disabled={disabled} />
            </div>
            <Button type="submit" className="self-start" disabled={disabled} data-testid="settlement-cycle-save">
              {t('profileManagement.save')}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="flex flex-col gap-3">
          <h2 className="text-base font-semibold">{t('profileManagement.settlement.setupsTitle')}</h2>
          {settlements.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('profileManagement.settlement.empty')}</p>
          ) : (
            <ul className="divide-y" data-testid="settlement-list">
              {settlements.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="settlement-row">
                  <span>
                    <span className="font-medium">{walletName(s.walletId)}</span> · {cycleText(t, s.settlementCycle)} · {s.createdBy?.name ?? MISSING_VALUE}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={!online}
                    aria-label={t('profileManagement.settlement.removeNamed', { name: walletName(s.walletId) })}
                    onClick={() => setRemoving(s)}
                  >
                    <Trash2 aria-hidden />
                    {t('profileManagement.settlement.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {online && (
            <form
              className="grid gap-3 md:grid-cols-5 md:items-end"
              data-testid="settlement-add"
              onSubmit={(e) => {
                e.preventDefault();
                void addSetup();
              }}
            >
              <div className="grid gap-1.5">
                <Label htmlFor="setup-wallet">{t('profileManagement.settlement.wallet')}</Label>
                <NativeSelect
                  id="setup-wallet"
                  value={walletId}
                  placeholder={t('profileManagement.settlement.pickWallet')}
                  onChange={(e) => setWalletId(e.target.value)}
                  choices={walletRows.map((w) => ({ value: w.id, label: `${w.alias} (${w.currency.code})` }))}
                />
                {setupRefusal.walletId && (
                  <p className="text-xs text-destructive" role="alert">
                    {t('profileManagement.settlement.wallet')}: {setupRefusal.walletId}
                  </p>
                )}
              </div>
              <CycleFields prefix="setup" cycle={setup} onChange={setSetup} refusal={setupRefusal} disabled={false} />
              <Button type="submit" disabled={walletId === ''} data-testid="settlement-add-send">
                <Plus aria-hidden />
                {t('profileManagement.settlement.add')}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
      {removing && (
        <ConfirmDeleteDialog
          title={t('profileManagement.settlement.removeTitle')}
          subject={`${walletName(removing.walletId)} · ${cycleText(t, removing.settlementCycle)}`}
          onDelete={() => remove(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
