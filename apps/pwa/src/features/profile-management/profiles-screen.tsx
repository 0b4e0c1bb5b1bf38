import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import { ApiError } from '@corridor/api';
import { AppLink } from '@/components/app-link.tsx';
import { ListScreen } from '@/components/data-table/list-table.tsx';
import { useTableSearch, type TableSearchRoute } from '@/components/data-table/use-table-search.ts';
import { Button } from '@/components/ui/button.tsx';
import { Label } from '@/components/ui/label.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { api } from '@/lib/api-client.ts';
import { useIsLargeScreen } from '@/lib/media-query.ts';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { profileColumns } from './profile-columns.tsx';
import { PROFILE_PATH, profilePath } from './profile-paths.ts';
import { MERCHANT_AUTH_TABS } from '@corridor/domain';
import { profileQuery, profileTabOf } from './profile-query.ts';
import { REVIEW_STATUSES } from './profile-statuses.ts';
import { useMerchantSummaries, useProfiles } from './use-profiles.ts';

/**
 * Opens a merchant's profile at this TSP by picking the merchant (the TSP's merchant summaries): the profile
 * of the pair merchant / this TSP is looked up, and a merchant without one says so.
 */
function OpenByMerchant() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const online = useOnlineStatus();
  const tspId = useCurrentUser()?.parentId ?? '';
  const merchants = useMerchantSummaries();
  const [merchantId, setMerchantId] = useState('');
  const [missing, setMissing] = useState(false);
  const open = async () => {
    setMissing(false);
    try {
      const profile = await api.call<'merchantProfiles.spGetByPair'>('merchantProfiles.spGetByPair', {
        path: { merchantServiceId: merchantId, serviceProviderId: tspId },
      });
      void navigate({ href: profilePath(profile.id) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) setMissing(true);
    }
  };
  return (
    <div className="flex flex-wrap items-end gap-2" data-testid="profile-open-by-merchant">
      <div className="grid min-w-0 flex-1 gap-1.5 sm:max-w-xs">
        <Label htmlFor="profile-merchant-pick">{t('profileManagement.openByMerchant')}</Label>
        <NativeSelect
          id="profile-merchant-pick"
          value={merchantId}
          placeholder={t('profileManagement.pickMerchant')}
          choices={(merchants.data?.content ?? []).map((m) => ({ value: m.merchantServiceId, label: m.name }))}
          onChange={(event) => {
            setMerchantId(event.target.value);
            setMissing(false);
          }}
        />
      </div>
      <Button variant="outline" disabled={merchantId === '' || !online || tspId === ''} onClick={() => void open()} data-testid="profile-open-merchant">
        <ArrowRight aria-hidden className="rtl:rotate-180" />
        {t('profileManagement.open')}
      </Button>
      {missing && (
        <p className="w-full text-sm text-muted-foreground" role="status" data-testid="profile-open-missing">
          {t('profileManagement.noProfileForMerchant')}
        </p>
      )}
    </div>
  );
}

/** service-provider/profile-management: the TSP's merchant profiles, by profile status, searched and filtered in the URL. */
export function ProfilesScreen({ route, tab }: { route: TableSearchRoute; tab: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wide = useIsLargeScreen();
  const current = profileTabOf(tab);
  const tableKey = `sp-profiles-${current.slug}`;
  const { state, onStateChange } = useTableSearch(route, { tableKey });
  const list = useProfiles(profileQuery(state, current));
  const columns = useMemo(
    () =>
      profileColumns({
        wide,
        reviewOptions: REVIEW_STATUSES.map((s) => ({ value: s, name: t(`profileManagement.reviewStatus.${s}`) })),
        statusOptions: (['ACTIVE', 'INACTIVE'] as const).map((s) => ({ value: s, name: t(`profileManagement.activeStatus.${s}`) })),
      }),
    [wide, t],
  );
  return (
    <ListScreen
      testId="profiles-screen"
      title={t('profileManagement.title')}
      description={t('profileManagement.subtitle')}
      above={
        <>
          <TabNav label={t('profileManagement.statusTabs')} testId="profile-tabs">
            {MERCHANT_AUTH_TABS.map((def) => (
              <AppLink
                key={def.slug}
                href={def.slug === 'overview' ? PROFILE_PATH : `${PROFILE_PATH}?tab=${def.slug}`}
                data-testid={`profile-tab-${def.slug}`}
                aria-current={def.slug === current.slug ? 'page' : undefined}
                className={tabLinkClass(def.slug === current.slug)}
              >
                {t(`profileManagement.tabs.${def.slug}`)}
              </AppLink>
            ))}
          </TabNav>
          <OpenByMerchant />
        </>
      }
      resetKey={current.slug}
      list={list}
      columns={columns}
      table={{ state, onStateChange }}
      tableKey={tableKey}
      onRowClick={(p) => void navigate({ href: profilePath(p.id) })}
      empty={{ testId: 'profiles-empty', title: t('profileManagement.empty.title'), description: t('profileManagement.empty.description') }}
    />
  );
}
