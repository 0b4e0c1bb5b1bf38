import { describe, expect, it } from 'vitest';
import { trailFor } from './page-trail.tsx';

describe('page trail', () => {
  it('names the group and the entry of the current page', () => {
    expect(trailFor('MERCHANT', '/merchant/transactions/top-ups').map((i) => i.id)).toEqual(['transactions', 'topUps']);
    expect(trailFor('MERCHANT', '/merchant/wallet').map((i) => i.id)).toEqual(['wallet']);
  });
  it('prefers the longest matching path', () => {
    expect(trailFor('SERVICE_PROVIDER', '/service-provider/wallet/dashboard').map((i) => i.id)).toEqual(['dashboard']);
  });
  it("names a group's own section page", () => {
    expect(trailFor('SERVICE_PROVIDER', '/service-provider/wallet').map((i) => i.id)).toEqual(['wallet']);
  });
  it("names a record's page by the status list it belongs to", () => {
    expect(trailFor('SERVICE_PROVIDER', '/service-provider/transactions/deals/TXN1').map((i) => i.id)).toEqual(['transactions', 'transfers']);
    expect(trailFor('SERVICE_PROVIDER', '/service-provider/transactions/deals/TXN1/receipt').map((i) => i.id)).toEqual(['transactions', 'transfers']);
  });
  it('is empty off the menu', () => {
    expect(trailFor('MERCHANT', '/merchant/elsewhere')).toEqual([]);
  });
});
