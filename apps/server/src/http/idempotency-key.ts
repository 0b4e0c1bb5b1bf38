import { AppError } from '../errors.ts';

/** Long enough for a UUID, a hash or a client's own scheme; it is stored and indexed per caller. */
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

const refuse = (message: string): never => {
  throw new AppError('VALIDATION_FAILED', undefined, [{ parameter: 'Idempotency-Key', message }]);
};

/**
 * The `Idempotency-Key` of a creating call, or null when the client sent none. A key that is sent
 * must be usable: not empty, not repeated, at most 255 printable ASCII characters. A key the server
 * would silently drop would make a retry create twice.
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (Array.isArray(header)) return refuse('must be sent once');
  if (header.trim() === '') return refuse('must not be empty');
  if (header.length > MAX_IDEMPOTENCY_KEY_LENGTH) return refuse(`must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  if (!/^[\x20-\x7e]+$/.test(header)) return refuse('must be printable ASCII characters (a UUID is a good key)');
  return header;
}
