/** One call a form made: its body and its idempotency key. */
interface SentCall {
  body: unknown;
  idempotencyKey?: string;
}

/** Every call made, in order. */
export const sent: SentCall[] = [];
/** The answers the next calls get, in order; a call with none queued fails. */
export const answers: Array<() => Promise<unknown>> = [];

/**
 * A stand-in for the api client that records each call and answers with the next queued answer:
 * `vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }))`.
 */
export const scriptedApi = {
  call: (_id: string, input: SentCall) => {
    sent.push(input);
    return (answers.shift() ?? (() => Promise.reject(new Error('no answer queued'))))();
  },
};

/** Forgets the calls made and the answers left, between tests. */
export function resetScriptedApi() {
  sent.length = 0;
  answers.length = 0;
}
