import { useRef } from 'react';
import { newIdempotencyKey } from '@corridor/api';

/**
 * The Idempotency-Key of a create the user may send again: the same body sent again after a failure (an
 * answer lost after the server committed, say) goes under the same key, so the server answers what it
 * made the first time instead of making it twice; another body, or the next one after a success, gets a
 * new key.
 */
export function useRequestKey(): { keyFor: (body: unknown) => string; succeeded: () => void } {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor: (body) => {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
      return last.current.key;
    },
    succeeded: () => {
      last.current = null;
    },
  };
}
