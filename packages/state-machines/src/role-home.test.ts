import { describe, expect, it } from 'vitest';
import { areaOfRole, roleHome } from './role-home.ts';

describe('role home (spec 1, section 6 "role lowercased, underscore replaced by a dash")', () => {
  it('merchant users go to /merchant/wallet, service providers to /service-provider/wallet', () => {
    expect(roleHome('MERCHANT_SERVICE')).toBe('/merchant/wallet');
    expect(roleHome('SERVICE_PROVIDER')).toBe('/service-provider/wallet');
  });
  it('a role without a portal area gets the forbidden page', () => {
    expect(areaOfRole('ADMIN')).toBeNull();
    expect(roleHome('ADMIN')).toBe('/error/forbidden');
  });
});
