import { describe, expect, it } from 'vitest';
import { formatCalls, listCalls, servedCallIds } from './calls-report.ts';
import { buildOpenApi } from './openapi.ts';

describe('calls report', () => {
  it('lists every call with method, path and audience', () => {
    const rows = listCalls();
    expect(rows).toHaveLength(471);
    expect(rows.find((r) => r.id === 'users.me')).toEqual({
      id: 'users.me',
      method: 'GET',
      path: '/users/me',
      audience: 'common',
      root: 'auth',
    });
  });

  it('counts the operations a server marks as served', () => {
    const doc = buildOpenApi({ served: new Set(['users.me', 'reference.currencies', 'POST /oauth/token']) });
    expect([...servedCallIds(doc)].sort()).toEqual(['reference.currencies', 'users.me', 'users.tokenPost']);
  });

  it('counts every contract operation listed when the server marks none', () => {
    const doc = { paths: { '/users/me': { get: {} }, '/v1/banks': { get: {} }, '/elsewhere': { get: {} } } };
    expect([...servedCallIds(doc)].sort()).toEqual(['reference.banks', 'users.me']);
    expect(servedCallIds(null).size).toBe(0);
  });

  it('marks served calls in the text listing', () => {
    const rows = listCalls().filter((r) => r.id === 'users.me' || r.id === 'reference.banks');
    const text = formatCalls(rows, new Set(['users.me']));
    expect(text).toMatch(/^\* GET +\/users\/me +users\.me +\(common\)$/m);
    expect(text).toMatch(/^ {2}GET +\/v1\/banks/m);
  });
});
