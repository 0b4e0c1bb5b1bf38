import type { Page } from 'playwright-core';
import type { FaultProxy } from './fault-proxy.ts';

/**
 * The page's own outbox, reached from a test. 200 drafts typed into the new-payment form one by one
 * take minutes on this machine (each fill waits for the form's lists and validation), far beyond the
 * fault test's budget; so the drafts go through the very function the form's send uses for a new
 * draft (the portal's outbox store: same module instance, same IndexedDB, same sealing, same "new
 * item" signal to the sender). The built portal keeps no names, so the function is found by what it
 * does: `enqueue` takes the next `seq` (`orderBy('seq').last()`); the form's `submitToOutbox` is the
 * one that puts back only a rejected or held item (and bumps its revision).
 */
export async function exposeOutboxEnqueue(page: Page): Promise<void> {
  // The outbox's code loads with the first signed-in screen, maybe just after it shows: look again
  // until it is there (node-side polling: the page's own timers may run on a test clock).
  const deadline = Date.now() + 30_000;
  while (!(await findOutboxEnqueue(page))) {
    if (Date.now() > deadline) throw new Error("the portal's outbox enqueue was not found in the loaded scripts (is the outbox wired into a signed-in screen?)");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function findOutboxEnqueue(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const w = window as unknown as { __outboxEnqueue?: unknown };
    if (w.__outboxEnqueue) return true;
    // Every script of the build, from the service worker's precache list (the resource timing buffer
    // of a long session is full), those named for the outbox first.
    const sw = await (await fetch('/sw.js')).text();
    const urls = [...new Set(sw.match(/assets\/[\w.-]+\.js/g) ?? [])]
      .sort((a, b) => Number(b.includes('outbox')) - Number(a.includes('outbox')))
      .map((path) => new URL(`/${path}`, location.origin).href);
    // A dynamic import written as text: the test runner rewrites `import()` in the test's own code.
    const load = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;
    // The minifier may quote with ", ' or `.
    const isEnqueue = (code: string) => /orderBy\(["'`]seq["'`]\)\.last\(\)/.test(code);
    const isFormSubmit = (code: string) => /["'`]held["'`]\)return/.test(code) && code.includes('revision');
    for (const url of urls) {
      const text = await (await fetch(url)).text();
      if (!isEnqueue(text) && !isFormSubmit(text)) continue;
      const exported = Object.values((await load(url)) as Record<string, unknown>).filter(
        (value): value is (...args: unknown[]) => unknown => typeof value === 'function',
      );
      const fn = exported.find((f) => isEnqueue(String(f))) ?? exported.find((f) => isFormSubmit(String(f)));
      if (fn) {
        w.__outboxEnqueue = fn;
        return true;
      }
    }
    return false;
  });
}

/** Queues `bodies` in the page's outbox, in order; each resolves once IndexedDB committed it. */
export async function enqueueDrafts(page: Page, userId: string, bodies: { draftId: string }[]): Promise<void> {
  await page.evaluate(
    async ({ userId, bodies }) => {
      const enqueue = (window as unknown as { __outboxEnqueue: (input: unknown) => Promise<unknown> }).__outboxEnqueue;
      for (const body of bodies) await enqueue({ id: body.draftId, userId, kind: 'draft', body });
    },
    { userId, bodies },
  );
}

/** The outbox rows of `userId` as stored (id, seq and state stay readable; the rest is sealed). */
export async function outboxStates(page: Page, userId: string): Promise<{ id: string; state: string }[]> {
  return page.evaluate(async (userId) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(`corridor-local-${userId}`);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('outbox')) return [];
      return await new Promise<{ id: string; state: string }[]>((resolve, reject) => {
        const request = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
        request.onsuccess = () => resolve((request.result as { id: string; state: string }[]).map(({ id, state }) => ({ id, state })));
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, userId);
}

/** Every one of `draftIds` is in the outbox as sent (the server holds it and said so). */
export async function allSent(page: Page, userId: string, draftIds: string[]): Promise<boolean> {
  const states = await outboxStates(page, userId).catch(() => []);
  const sent = new Set(states.filter((s) => s.state === 'sent').map((s) => s.id));
  return draftIds.every((id) => sent.has(id));
}

/** How far the page's clock moves per tick while no payment call is in flight. */
const TICK_MS = 10_000;

/**
 * Lets the outbox drain until `done`, moving the page's clock over its back-off waits, and calling
 * `onTick` between looks (to reload, expire the session, sign in again). Fails after `limitMs`.
 */
export async function drainWithClock(page: () => Page, proxy: FaultProxy, done: () => Promise<boolean>, onTick: () => Promise<void>, limitMs: number) {
  const deadline = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > deadline)
      throw new Error(`not drained in ${limitMs / 1000} s: ${JSON.stringify({ ...proxy.counts, byDraft: proxy.counts.byDraft.size })}`);
    await onTick();
    if (proxy.inFlight() === 0)
      await page()
        .clock.fastForward(TICK_MS)
        .catch(() => {}); // the page may be navigating
    await new Promise((resolve) => setTimeout(resolve, 50)); // the polling interval, not a wait for an outcome
  }
}
