import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@corridor/api';
import { AppLink } from '@/components/app-link.tsx';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { PageHeader } from '@/components/page-header.tsx';
import { TabNav, tabLinkClass } from '@/components/wallets/tab-nav.tsx';
import { CachedAge } from '@/lib/local-first/cached-age.tsx';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { CompanySection } from './company-section.tsx';
import { ConfigsSection } from './configs-section.tsx';
import { DocumentsSection } from './documents-section.tsx';
import { OfflineNote } from './offline-note.tsx';
import { PROFILE_PATH, profilePath } from './profile-paths.ts';
import { ReviewsSection } from './reviews-section.tsx';
import { SettlementSection } from './settlement-section.tsx';
import {
  useMerchantSummary,
  useProfile,
  useProfileComments,
  useProfileDocuments,
  useProfileReviews,
  useProfileSettlements,
  type MerchantProfile,
} from './use-profiles.ts';

const PROFILE_SECTIONS = ['company', 'documents', 'reviews', 'configs', 'settlement'] as const;
type Section = (typeof PROFILE_SECTIONS)[number];

const sectionOf = (value: string | undefined): Section => PROFILE_SECTIONS.find((s) => s === value) ?? 'company';

/**
 * service-provider/profile-management/{id}: one merchant profile in sections (company and KYC fields, documents,
 * reviews with their comments, merchant configs, settlement set-up), the section in the URL. Offline each section
 * shows this device's last copy with its age, and says that changes need the network.
 */
export function ProfileScreen({ profileId, section }: { profileId: string; section: string | undefined }) {
  const { t } = useTranslation();
  const online = useOnlineStatus();
  const user = useCurrentUser();
  const current = sectionOf(section);
  const [token, setToken] = useState(0);
  const changed = useCallback(() => setToken((n) => n + 1), []);
  const profile = useProfile(profileId, token);
  const p = profile.data;
  // The merchant's summary is the TSP's own merchants' only: a profile at another TSP has none.
  const summary = useMerchantSummary(p?.merchantServiceId, p !== undefined && current === 'company');
  const documents = useProfileDocuments(profileId, current === 'documents' ? token : 0);
  const comments = useProfileComments(profileId, current === 'reviews' ? token : 0);
  const reviews = useProfileReviews(profileId, current === 'reviews' ? token : 0);
  const settlements = useProfileSettlements(profileId, current === 'settlement' ? token : 0);
  const saved = useCallback((_: MerchantProfile) => changed(), [changed]);
  const sectionRead = { documents, reviews: comments, settlement: settlements, company: profile, configs: profile }[current];
  return (
    <div className="flex flex-col gap-5" data-testid="profile-screen">
      <PageHeader
        back={PROFILE_PATH}
        title={p?.merchantName ?? t('profileManagement.detailTitle')}
        description={p?.kyc.legalName ?? undefined}
        adornment={p ? <StatusCell status={p.profileStatus} /> : undefined}
      />
      <CachedAge updatedAt={sectionRead.updatedAt} offline={sectionRead.offline} refreshing={sectionRead.refreshing} />
      {!online && <OfflineNote />}
      {!p && profile.error instanceof ApiError && profile.error.status === 404 && (
        <p className="text-sm text-muted-foreground" data-testid="profile-not-found">
          {t('profileManagement.notFound')}
        </p>
      )}
      {p && (
        <>
          <TabNav label={t('profileManagement.sections.label')} testId="profile-sections">
            {PROFILE_SECTIONS.map((s) => (
              <AppLink
                key={s}
                href={profilePath(profileId, s === 'company' ? undefined : s)}
                data-testid={`profile-section-${s}`}
                aria-current={s === current ? 'page' : undefined}
                className={tabLinkClass(s === current)}
              >
                {t(`profileManagement.sections.${s}`)}
              </AppLink>
            ))}
          </TabNav>
          {current === 'company' && <CompanySection profile={p} summary={summary.data} online={online} onSaved={saved} />}
          {current === 'documents' && <DocumentsSection profileId={profileId} documents={documents.data?.content ?? []} online={online} onUploaded={changed} />}
          {current === 'reviews' && (
            <ReviewsSection
              profile={p}
              reviews={reviews.data ?? []}
              comments={comments.data?.content ?? []}
              userId={user?.id ?? ''}
              online={online}
              onChanged={changed}
            />
          )}
          {current === 'configs' && <ConfigsSection profile={p} online={online} onSaved={saved} />}
          {current === 'settlement' && <SettlementSection profile={p} settlements={settlements.data?.content ?? []} online={online} onChanged={changed} />}
        </>
      )}
    </div>
  );
}
