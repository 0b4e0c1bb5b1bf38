import { describe, expect, it } from 'vitest';
import { partnerFormSchema, emptyPartnerForm } from './partner-form.ts';
import { partnerMoves } from './partner-moves.ts';
import { summaryCards } from './partner-summary-cards.tsx';
import { PARTNER_DETAIL_TABS, PARTNER_TABS } from '@corridor/domain';
import { partnerTabStatuses } from './partner-tabs.ts';

describe('partner tabs (spec 1 "Tab sets")', () => {
  it('are overview, new, in authorization, authorized, rejected; the detail tabs disable documents, wallets and transactions', () => {
    expect(PARTNER_TABS.map((t) => t.slug)).toEqual(['overview', 'new', 'in-authorization', 'authorized', 'rejected']);
    expect(PARTNER_DETAIL_TABS.filter((t) => 'disabled' in t).map((t) => t.slug)).toEqual(['documents', 'wallets', 'transactions']);
  });

  it('filter by the statuses each tab lists', () => {
    expect(partnerTabStatuses('overview')).toEqual([]);
    expect(partnerTabStatuses('new')).toEqual(['NEW', 'PARTNER_ONBOARDING', 'NEXT_REVIEW']);
    expect(partnerTabStatuses('in-authorization')).toEqual(['IN_AUTHORIZATION']);
    expect(partnerTabStatuses('authorized')).toEqual(['AUTHORIZED']);
    expect(partnerTabStatuses('nowhere')).toEqual([]);
  });
});

describe('partner moves', () => {
  it('offer the moves the server allows, forward first; rejecting and sending back ask a reason', () => {
    const moves = partnerMoves(['AUTHORIZED', 'REJECTED', 'NEXT_REVIEW']);
    expect(moves.map((m) => [m.to, m.action])).toEqual([
      ['AUTHORIZED', 'approve'],
      ['NEXT_REVIEW', 'reject'],
      ['REJECTED', 'reject'],
    ]);
    // The submitter of a record in authorisation is given no moves by the server: no buttons.
    expect(partnerMoves([])).toEqual([]);
  });
});

describe('summary cards', () => {
  it('count each status over both partner types, in the flow order', () => {
    const cards = summaryCards([
      { partnerStatus: 'REJECTED', partnerType: 'MERCHANT', count: 1 },
      { partnerStatus: 'NEW', partnerType: 'MERCHANT', count: 2 },
      { partnerStatus: 'NEW', partnerType: 'SERVICE_PROVIDER', count: 3 },
    ]);
    expect(cards).toEqual([
      { status: 'NEW', count: 5, byType: { MERCHANT: 2, SERVICE_PROVIDER: 3 } },
      { status: 'REJECTED', count: 1, byType: { MERCHANT: 1 } },
    ]);
  });
});

describe('the onboarding form', () => {
  const filled = { ...emptyPartnerForm, businessType: 'RETAIL', countryOfRegistration: 'AE', tradingName: ' Falcon ', registeredBusinessAddress: '1 Creek Rd' };
  const problems = (form: object) => {
    const result = partnerFormSchema.safeParse(form);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('names each missing required field', () => {
    expect(problems(emptyPartnerForm)).toEqual({
      businessType: 'partners.errors.required',
      countryOfRegistration: 'partners.errors.required',
      tradingName: 'partners.errors.required',
      registeredBusinessAddress: 'partners.errors.required',
    });
  });

  it('refuses an expiry before the issue and a telephone of letters', () => {
    expect(problems({ ...filled, licenseDateOfIssue: '2025-01-02', licenseDateOfExpiry: '2025-01-01', businessTelephoneNumber: 'call me' })).toEqual({
      licenseDateOfExpiry: 'partners.errors.expiryBeforeIssue',
      businessTelephoneNumber: 'partners.errors.phone',
    });
  });

  it('sends the filled fields trimmed and leaves the empty ones out', () => {
    expect(partnerFormSchema.parse({ ...filled, businessTelephoneNumber: '+971 4 555 0100' })).toEqual({
      partnerType: 'MERCHANT',
      businessType: 'RETAIL',
      countryOfRegistration: 'AE',
      tradingName: 'Falcon',
      registeredBusinessAddress: '1 Creek Rd',
      businessTelephoneNumber: '+971 4 555 0100',
    });
  });
});
