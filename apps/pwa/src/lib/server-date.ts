/**
 * The server's `Date` header of the latest answer. Screens that count down to a server deadline
 * (the quote's expireAt) learn the server's clock from it, so a device clock that is minutes off
 * does not move the deadline. Any recent answer is a fair sample: the header has one-second
 * resolution anyway.
 * @internal test-only entry point
 */
export function createServerDateRecorder() {
  let latest: string | null = null;
  return {
    /** Wraps a fetch so every answer's Date header is kept (an answer without one keeps the last). */
    wrap(fetchFn: typeof fetch): typeof fetch {
      return async (...args) => {
        const response = await fetchFn(...args);
        latest = response.headers.get('date') ?? latest;
        return response;
      };
    },
    latest: (): string | null => latest,
  };
}

/** The portal's one recorder, fed by the API client's fetch. */
export const serverDates = createServerDateRecorder();
