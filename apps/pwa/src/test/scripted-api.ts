/** One call made: its call id, body, query and idempotency key. */
interface SentCall {
  id?: string;
  body?: unknown;
  query?: unknown;
  idempotencyKey?: string;
}

/** Every call made, in order. */
export const sent: SentCall[] = [];
/** The answers the next calls get, in order; a call with none queued fails. */
export const answers: Array<() => Promise<unknown>> = [];
/**
 * Answers by call id, for screens that make several calls at once (their order is not the screen's to
 * promise): a call whose id is here gets this answer every time, before the queue is asked.
 */
export const answersById = new Map<string, (input: SentCall) => Promise<unknown>>();

/**
 * A stand-in for the api client that records each call and answers with the next queued answer:
 * `vi.mock('@/lib/api-client.ts', async () => ({ api: (await import('@/test/scripted-api.ts')).scriptedApi }))`.
 */
export const scriptedApi = {
  call: (id: string, input: SentCall) => {
    sent.push({ ...input, id });
    const byId = answersById.get(id);
    if (byId) return byId(input);
    return (answers.shift() ?? (() => Promise.reject(new Error('no answer queued'))))();
  },
};

/** Forgets the calls made and the answers left, between tests. */
export function resetScriptedApi() {
  sent.length = 0;
  answers.length = 0;
  answersById.clear();
}
