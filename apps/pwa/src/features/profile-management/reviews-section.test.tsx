import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answers, resetScriptedApi, sent } from '@/test/scripted-api.ts';
import { ReviewsSection } from './reviews-section.tsx';
import type { MerchantProfile, ProfileComment, Review } from './use-profiles.ts';

vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }));

const profile = {
  id: 'p-1',
  merchantServiceId: 'm-1',
  serviceProviderId: 'sp-1',
  merchantName: 'Initech Imports',
  kycStatus: 'APPROVED',
  riskScoringStatus: 'IN_VERIFICATION',
  creditScoringStatus: 'REQUESTED',
  executiveDocumentsStatus: 'VERIFIED',
  profileStatus: 'ACTIVE',
  settlementStatus: 'NEW',
  status: 'ACTIVE',
  markupProfileId: null,
  merchantFeeProfileId: null,
  settlementCycle: null,
} as unknown as MerchantProfile;
const reviews = [
  {
    id: 'r-1',
    merchantProfileId: 'p-1',
    merchantServiceId: 'm-1',
    kind: 'KYC',
    status: 'APPROVED',
    score: null,
    reviewedBy: 'Karim Nasser',
    reviewedAt: '2026-11-20T09:00:00Z',
    expiresAt: null,
  },
] as Review[];
const comments: ProfileComment[] = [
  { id: 'c-1', content: 'Trade licence received.', createdAt: '2026-11-29T10:00:00Z', createdBy: { id: 'u-karim', name: 'Karim Nasser' } },
  { id: 'c-2', content: 'Asked for the accounts.', createdAt: '2026-11-29T11:00:00Z', createdBy: { id: 'u-amira', name: 'Amira Haddad' } },
];

beforeEach(resetScriptedApi);

describe('profile reviews', () => {
  it('shows each review with its decision, and changes a status through the profile update', async () => {
    const onChanged = vi.fn();
    answers.push(() => Promise.resolve({ ...profile, riskScoringStatus: 'APPROVED' }));
    render(<ReviewsSection profile={profile} reviews={reviews} comments={comments} userId="u-amira" online onChanged={onChanged} />);
    expect(screen.getByTestId('review-KYC').textContent).toContain('Decided by Karim Nasser');
    expect(screen.getByTestId('review-RISK_ASSESSMENT').textContent).toContain('No decision yet');
    fireEvent.change(screen.getByLabelText('Change the Risk scoring status'), { target: { value: 'APPROVED' } });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ id: 'merchantProfiles.spUpdate', path: { id: 'p-1' }, body: { riskScoringStatus: 'APPROVED' } });
  });

  it("adds a comment with a key; only the user's own comment can be edited or deleted", async () => {
    const onChanged = vi.fn();
    answers.push(() => Promise.resolve(comments[1]));
    render(<ReviewsSection profile={profile} reviews={reviews} comments={comments} userId="u-amira" online onChanged={onChanged} />);
    const [theirs, mine] = screen.getAllByTestId('comment');
    expect(theirs?.querySelector('[data-testid="comment-edit"]')).toBeNull();
    expect(mine?.querySelector('[data-testid="comment-edit"]')).not.toBeNull();
    fireEvent.change(screen.getByTestId('comment-input'), { target: { value: 'Accounts received.' } });
    fireEvent.click(screen.getByTestId('comment-send'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent[0]).toMatchObject({ id: 'merchantProfiles.addComment', path: { merchantProfileID: 'p-1' }, body: { content: 'Accounts received.' } });
    expect(sent[0]?.idempotencyKey).toBeTruthy();
  });

  it('offline: the thread is read only and the statuses cannot change', () => {
    render(<ReviewsSection profile={profile} reviews={reviews} comments={comments} userId="u-amira" online={false} onChanged={() => {}} />);
    expect(screen.queryByTestId('comment-input')).toBeNull();
    expect(screen.queryByTestId('comment-edit')).toBeNull();
    expect((screen.getByTestId('review-KYC-status') as HTMLSelectElement).disabled).toBe(true);
  });
});
