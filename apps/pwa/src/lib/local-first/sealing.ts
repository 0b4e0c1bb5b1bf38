/**
 * Encryption at rest of cached answers (ARCHITECTURE 4, OWASP ASVS 14.3): balances and other
 * figures are stored as AES-GCM ciphertext under a non-extractable key that lives only in the
 * user's own local database, so it is deleted with that database at logout. Script on the page
 * can use the key but never read it out, and the stored rows carry no readable figures.
 */

export interface Sealed {
  iv: Uint8Array;
  bytes: ArrayBuffer;
}

const ALGORITHM = 'AES-GCM';
/** 96-bit IVs are what GCM is specified for. */
const IV_BYTES = 12;

/** WebCrypto exists only in secure contexts (https, localhost); elsewhere nothing can be sealed. */
export function canSeal(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.encrypt === 'function';
}

export function newSealingKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: ALGORITHM, length: 256 }, false, ['encrypt', 'decrypt']);
}

export async function seal(key: CryptoKey, value: unknown): Promise<Sealed> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const bytes = await crypto.subtle.encrypt({ name: ALGORITHM, iv }, key, plain);
  return { iv, bytes };
}

/** The sealed value, or undefined when it cannot be opened (another key, tampered bytes). */
export async function unseal<T>(key: CryptoKey, sealed: Sealed): Promise<T | undefined> {
  try {
    const plain = await crypto.subtle.decrypt({ name: ALGORITHM, iv: sealed.iv as Uint8Array<ArrayBuffer> }, key, sealed.bytes);
    return JSON.parse(new TextDecoder().decode(plain)) as T;
  } catch {
    return undefined;
  }
}
