import { describe, expect, it } from 'vitest';
import { DEMO_PORTAL_CLIENT, rootsFromEnv } from './api-client.ts';

describe('API client set-up', () => {
  it('takes each backend root from its VITE_API_ROOT_* variable, leaving the rest to the base URL', () => {
    expect(
      rootsFromEnv({
        VITE_API_ROOT_AUTH: 'https://iam.example',
        VITE_API_ROOT_SP_WALLET: 'https://wallets.example',
        VITE_API_ROOT_REPORTS: '',
      }),
    ).toEqual({ auth: 'https://iam.example', spWallet: 'https://wallets.example' });
  });

  it('uses the shared demo client of the portal', () => {
    expect(DEMO_PORTAL_CLIENT).toEqual({ id: 'corridor-portal', secret: 'corridor-portal-demo-secret' });
  });
});
