import { describe, expect, it } from 'vitest';
import { authorizationHeader, basicAuthHeader, isDocumentImage, logoutDelayMs, passwordChangeAudience, passwordChangePayload } from './session.ts';

describe('calls — spec 7: "Requests whose URL contains \'api/auth\' carry no authorization header. Otherwise a bearer token read from a cookie is sent; with no cookie, a basic header made from a fixed client identifier and secret of the portal is sent."', () => {
  it('picks the header', () => {
    expect(authorizationHeader('https://x/api/auth/token', 'tok')).toBeNull();
    expect(authorizationHeader('/m/api/wallets', 'tok')).toBe('Bearer tok');
    const basic = authorizationHeader('/oauth/token', null);
    expect(basic).toBe(basicAuthHeader('corridor-portal', 'corridor-portal-demo-secret'));
    expect(Buffer.from((basic ?? '').slice('Basic '.length), 'base64').toString()).toBe('corridor-portal:corridor-portal-demo-secret');
    expect(authorizationHeader('/x', '', { id: 'a', secret: 'b' })).toBe(`Basic ${Buffer.from('a:b').toString('base64')}`);
  });
});

describe('session — spec 4', () => {
  it('"Logout (loader.logout) waits 2 s if a token exists"', () => {
    expect(logoutDelayMs(true)).toBe(2000);
    expect(logoutDelayMs(false)).toBe(0);
  });
  it('spec 6: "Password change uses the service-provider user endpoint for SERVICE_PROVIDER and the merchant user endpoint otherwise"; spec 3 "Password change payload: newPassword, oldPassword, userId"', () => {
    expect(passwordChangeAudience('SERVICE_PROVIDER')).toBe('service-provider');
    expect(passwordChangeAudience('MERCHANT_SERVICE')).toBe('merchant');
    expect(passwordChangeAudience('ADMIN')).toBe('merchant');
    expect(passwordChangePayload({ userId: 'u1', current: 'Old1pass', newPassword: 'New1pass' })).toEqual({
      newPassword: 'New1pass',
      oldPassword: 'Old1pass',
      userId: 'u1',
    });
  });
  it('spec 9: "Document image types png, gif, jpeg, jpg"', () => {
    for (const ext of ['png', 'GIF', '.jpeg', 'jpg']) expect(isDocumentImage(ext)).toBe(true);
    for (const ext of ['pdf', '', null]) expect(isDocumentImage(ext)).toBe(false);
  });
});
