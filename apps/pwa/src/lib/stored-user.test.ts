import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUser } from '@corridor/api';
import { STORED_USER_KEY, clearStoredUser, loadStoredUser, saveStoredUser } from './stored-user.ts';

const user = {
  id: 'u-1',
  digit9Id: '123456789',
  name: 'Mona Haddad',
  email: 'mona@example.test',
  role: 'MERCHANT_SERVICE',
  parentId: 'm-1',
  organisationType: 'MERCHANT',
  status: 'ACTIVE',
} as const;

describe('stored user', () => {
  afterEach(() => localStorage.clear());

  it('reads back what was saved', () => {
    saveStoredUser(user);
    expect(loadStoredUser()).toEqual(user);
    clearStoredUser();
    expect(loadStoredUser()).toBeNull();
  });

  it('accepts and drops exactly what the contract schema accepts and drops', () => {
    const field = fc.oneof(
      fc.constantFrom('', 'x', 'ADMIN', 'MERCHANT_SERVICE', 'SERVICE_PROVIDER', 'MERCHANT', 'INTERNAL', 'ACTIVE', 'LOCKED', 'NOPE'),
      fc.constant(null),
      fc.integer(),
    );
    const stored = fc.oneof(
      fc.record(
        { id: field, digit9Id: field, name: field, email: field, role: field, parentId: field, organisationType: field, status: field, extra: field },
        { requiredKeys: [] },
      ),
      fc.record({
        ...Object.fromEntries(Object.entries(user).map(([k, v]) => [k, fc.constant(v)])),
        email: fc.option(field, { nil: undefined }),
        extra: field,
      }),
    );
    fc.assert(
      fc.property(stored, (value) => {
        localStorage.setItem(STORED_USER_KEY, JSON.stringify(value));
        const parsed = currentUser.safeParse(JSON.parse(JSON.stringify(value)));
        expect(loadStoredUser()).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 1000 },
    );
  });

  it('treats a corrupt entry as none', () => {
    localStorage.setItem(STORED_USER_KEY, '{not json');
    expect(loadStoredUser()).toBeNull();
  });
});
