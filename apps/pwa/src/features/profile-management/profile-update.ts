import { useState } from 'react';
import type { z } from 'zod';
import { ApiError, type merchantProfileUpdate } from '@corridor/api';
import { api } from '@/lib/api-client.ts';
import type { MerchantProfile } from './use-profiles.ts';

export type ProfileUpdateBody = z.input<typeof merchantProfileUpdate>;

/** The server's refusal as field -> message (`kyc.contactEmail` -> "must be an email address"). */
export type Refusal = Record<string, string>;

export function refusalOf(error: unknown): Refusal {
  const out: Refusal = {};
  if (error instanceof ApiError) for (const p of error.invalidParameters) out[p.parameter] = p.message;
  return out;
}

/** A change to the profile (spUpdate): sent, then `onSaved` with the profile the server answered. */
export function useProfileUpdate(profileId: string, onSaved: (profile: MerchantProfile) => void) {
  const [busy, setBusy] = useState(false);
  const send = async (body: ProfileUpdateBody): Promise<Refusal | null> => {
    setBusy(true);
    try {
      onSaved(await api.call<'merchantProfiles.spUpdate'>('merchantProfiles.spUpdate', { path: { id: profileId }, body }));
      return null;
    } catch (error) {
      return refusalOf(error);
    } finally {
      setBusy(false);
    }
  };
  return { send, busy };
}
