import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('log redaction', () => {
  it('hides passwords and tokens in query strings and keeps the rest', () => {
    expect(redactUrl('/oauth/token?grant_type=password&username=100000001&password=Corridor2026')).toBe(
      '/oauth/token?grant_type=password&username=100000001&password=%5BREDACTED%5D',
    );
    expect(redactUrl('/public/files/a.txt?token=abc&user=u&ttl=1')).toBe('/public/files/a.txt?token=%5BREDACTED%5D&user=u&ttl=1');
    expect(redactUrl('/v1/currencies')).toBe('/v1/currencies');
  });
});
