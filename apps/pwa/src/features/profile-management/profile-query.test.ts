import { describe, expect, it } from 'vitest';
import { profileQuery, profileTabOf } from './profile-query.ts';

const state = { page: 1, pageSize: 10, sort: [] as string[], filters: [] as Array<{ key: string; value: string | string[] }> };

describe('profile list query', () => {
  it('asks the open tab as profileStatus, by merchant name unless sorted otherwise', () => {
    expect(profileQuery(state, profileTabOf('pending-approval'))).toEqual({
      page: 0,
      size: 10,
      sort: ['merchantName,ASC,ignorecase'],
      profileStatus: 'PENDING_APPROVAL',
    });
    expect(profileQuery({ ...state, sort: ['createdAt,DESC'] }, profileTabOf(undefined))).toEqual({ page: 0, size: 10, sort: ['createdAt,DESC'] });
    expect(profileTabOf('no-such-tab').slug).toBe('overview');
  });

  it('sends the search and the filters the catalogue names, and nothing else', () => {
    const query = profileQuery(
      {
        ...state,
        filters: [
          { key: 'merchantNameContains', value: ' Initech ' },
          { key: 'kycStatus', value: ['APPROVED'] },
          { key: 'settlementStatus', value: '' },
          { key: 'profileStatus', value: 'BLOCKED' },
          { key: 'somethingElse', value: 'x' },
        ],
      },
      profileTabOf('active'),
    );
    expect(query).toEqual({
      page: 0,
      size: 10,
      sort: ['merchantName,ASC,ignorecase'],
      profileStatus: 'ACTIVE',
      merchantNameContains: 'Initech',
      kycStatus: 'APPROVED',
    });
  });
});
