import { describe, expect, it } from 'vitest';
import { tableQuery } from './table-query.ts';

describe('tableQuery', () => {
  it('sends the 0-based wire page, the size and the sort tokens', () => {
    expect(tableQuery({ page: 3, pageSize: 20, sort: ['alias,ASC,ignorecase'], filters: [] })).toEqual({
      page: 2,
      size: 20,
      sort: ['alias,ASC,ignorecase'],
    });
  });

  it('turns search text, status lists and ranges into query params', () => {
    const query = tableQuery({
      page: 1,
      pageSize: 10,
      sort: [],
      filters: [
        { key: 'query', value: 'Globex' },
        { key: 'statuses', value: ['ACTIVE', 'INACTIVE'] },
        { key: 'inRange', value: { from: '10', to: '250.5' } },
      ],
    });
    expect(query).toEqual({ page: 0, size: 10, query: 'Globex', statuses: ['ACTIVE', 'INACTIVE'], inRange: '10,250.5' });
    expect(query).not.toHaveProperty('sort');
  });
});
