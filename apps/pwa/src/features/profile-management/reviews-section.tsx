import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newIdempotencyKey } from '@corridor/api';
import { MISSING_VALUE, formatTimestamp } from '@corridor/domain';
import { CommentsThread } from '@/components/comments/comments-thread.tsx';
import { StatusCell } from '@/components/data-table/status-cell.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { NativeSelect } from '@/components/ui/native-select.tsx';
import { api } from '@/lib/api-client.ts';
import { useProfileUpdate, type ProfileUpdateBody } from './profile-update.ts';
import { REVIEW_STATUSES, type ReviewStatus } from './profile-statuses.ts';
import type { MerchantProfile, ProfileComment, Review } from './use-profiles.ts';

const KINDS = [
  { kind: 'KYC', field: 'kycStatus' },
  { kind: 'RISK_ASSESSMENT', field: 'riskScoringStatus' },
  { kind: 'CREDIT_ASSESSMENT', field: 'creditScoringStatus' },
  { kind: 'EXECUTIVE_DOCUMENTS', field: 'executiveDocumentsStatus' },
] as const;

/**
 * The profile's reviews (KYC, risk, credit, executive documents), each with who decided and when, its status
 * changed here; under them the review comments thread, where only a comment's author edits or deletes it.
 */
export function ReviewsSection({
  profile,
  reviews,
  comments,
  userId,
  online,
  onChanged,
}: {
  profile: MerchantProfile;
  reviews: readonly Review[];
  comments: readonly ProfileComment[];
  userId: string;
  online: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { send, busy } = useProfileUpdate(profile.id, () => onChanged());
  const [commentBusy, setCommentBusy] = useState(false);
  const path = { merchantProfileID: profile.id };
  const commentCall = async (call: () => Promise<unknown>) => {
    setCommentBusy(true);
    try {
      await call();
      onChanged();
    } catch {
      // Shown by the portal's error notification.
    } finally {
      setCommentBusy(false);
    }
  };
  const calls = online
    ? {
        onAdd: (content: string) =>
          commentCall(() =>
            api.call<'merchantProfiles.addComment'>('merchantProfiles.addComment', { path, body: { content }, idempotencyKey: newIdempotencyKey() }),
          ),
        onEdit: (commentID: string, content: string) =>
          commentCall(() => api.call<'merchantProfiles.editComment'>('merchantProfiles.editComment', { path: { ...path, commentID }, body: { content } })),
        onDelete: (commentID: string) =>
          commentCall(() => api.call<'merchantProfiles.deleteComment'>('merchantProfiles.deleteComment', { path: { ...path, commentID } })),
      }
    : {};
  return (
    <div className="flex flex-col gap-4">
      <Card>
        <CardContent className="flex flex-col gap-3">
          <h2 className="text-base font-semibold">{t('profileManagement.reviews.title')}</h2>
          <ul className="grid gap-3 md:grid-cols-2" data-testid="review-list">
            {KINDS.map(({ kind, field }) => {
              const review = reviews.find((r) => r.kind === kind);
              const id = `review-${kind}`;
              return (
                <li key={kind} className="flex flex-col gap-2 rounded-lg border p-3" data-testid={id}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-medium">{t(`profileManagement.reviews.kind.${kind}`)}</span>
                    <StatusCell status={profile[field]} />
                  </div>
                  <p className="text-xs text-muted-foreground">
                    {review?.reviewedBy
                      ? t('profileManagement.reviews.decided', {
                          name: review.reviewedBy,
                          at: review.reviewedAt ? formatTimestamp(review.reviewedAt) : MISSING_VALUE,
                        })
                      : t('profileManagement.reviews.undecided')}
                  </p>
                  <label htmlFor={`${id}-status`} className="sr-only">
                    {t('profileManagement.reviews.change', { kind: t(`profileManagement.reviews.kind.${kind}`) })}
                  </label>
                  <NativeSelect
                    id={`${id}-status`}
                    value={profile[field]}
                    disabled={!online || busy}
                    data-testid={`${id}-status`}
                    onChange={(e) => void send({ [field]: e.target.value as ReviewStatus } as ProfileUpdateBody)}
                    choices={REVIEW_STATUSES.map((s) => ({ value: s, label: t(`profileManagement.reviewStatus.${s}`) }))}
                  />
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <CommentsThread comments={[...comments]} currentUserId={userId} busy={commentBusy} {...calls} />
        </CardContent>
      </Card>
    </div>
  );
}
