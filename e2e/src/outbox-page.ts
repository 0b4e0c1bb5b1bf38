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
    if (Date.now() > deadline)
      throw new Error("the portal's outbox enqueue was not found in the loaded scripts (is the outbox wired into a signed-in screen?)");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The minifier may quote with ", ' or `: enqueue, and the form's submitToOutbox. */
const ENQUEUE = String.raw`orderBy\(["'\x60]seq["'\x60]\)\.last\(\)`;
const FORM_SUBMIT = String.raw`["'\x60]held["'\x60]\)return`;

async function findOutboxEnqueue(page: Page): Promise<boolean> {
  if (await page.evaluate(() => Boolean((window as unknown as { __outboxEnqueue?: unknown }).__outboxEnqueue))) return true;
  // Every script of the build, from the service worker's precache list (the resource timing buffer
  // of a long session is full), those named for the outbox first.
  const candidates = await page.evaluate(
    async ({ enqueue, formSubmit }) => {
      const sw = await (await fetch('/sw.js')).text();
      const paths = [...new Set(sw.match(/assets\/[\w.-]+\.js/g) ?? [])].sort((a, b) => Number(b.includes('outbox')) - Number(a.includes('outbox')));
      const found: string[] = [];
      for (const path of paths) {
        const text = await (await fetch(`/${path}`)).text();
        if (new RegExp(enqueue).test(text) || new RegExp(formSubmit).test(text)) found.push(new URL(`/${path}`, location.origin).href);
      }
      return found;
    },
    { enqueue: ENQUEUE, formSubmit: FORM_SUBMIT },
  );
  for (const url of candidates) {
    // Written as text: the test runner rewrites `import()` in the test's own code, and the portal's
    // content security policy forbids eval inside the page (the protocol's own evaluation is allowed).
    const found = await page.evaluate(`import(${JSON.stringify(url)}).then((module) => {
      const fns = Object.values(module).filter((value) => typeof value === 'function');
      const fn = fns.find((f) => new RegExp(${JSON.stringify(ENQUEUE)}).test(String(f)))
        ?? fns.find((f) => new RegExp(${JSON.stringify(FORM_SUBMIT)}).test(String(f)) && String(f).includes('revision'));
      if (fn) window.__outboxEnqueue = fn;
      return Boolean(fn);
    })`);
    if (found) return true;
  }
  return false;
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
