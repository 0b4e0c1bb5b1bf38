import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PartnerSummaryCards } from './partner-summary-cards.tsx';

const STATUSES = ['NEW', 'PARTNER_ONBOARDING', 'NEXT_REVIEW', 'IN_AUTHORIZATION', 'AUTHORIZED', 'REJECTED'] as const;
const rows = (n: number) => STATUSES.slice(0, n).map((partnerStatus) => ({ partnerStatus, partnerType: 'MERCHANT', count: 2 }));
const spans = () => screen.queryAllByTestId(/^partner-summary-[A-Z_]+$/).map((card) => card.style.gridColumn);

describe('partner summary cards (spec 1: column width by card count, gutter 16, skeletons while loading)', () => {
  it.each([
    [6, '6'],
    [5, '6'],
    [4, '6'],
    [3, '8'],
    [2, '12'],
    [1, '24'],
  ])('%i cards take %s of 24 columns each', (count, span) => {
    render(<PartnerSummaryCards rows={rows(count)} loading={false} />);
    expect(spans()).toEqual(Array.from({ length: count }, () => `span ${span} / span ${span}`));
    expect(screen.getByTestId('partner-summary-cards').style.gap).toBe('16px');
  });

  it('show skeletons while the counts load, and nothing for an empty list', () => {
    const { rerender } = render(<PartnerSummaryCards rows={undefined} loading />);
    expect(screen.getAllByTestId('partner-summary-skeleton')).toHaveLength(4);
    rerender(<PartnerSummaryCards rows={[]} loading={false} />);
    expect(screen.queryByTestId('partner-summary-cards')).toBeNull();
  });
});
