/**
 * Sync benchmark of the payment outbox (figures, with their targets), on a fresh local server:
 *   1. 1,000 drafts queued offline, then the network back: time until every one is sent (the server
 *      holds it and the outbox says so). Target: 20 s on this machine. Printed with the payment calls'
 *      own share (the rest is the page: IndexedDB, sealing, the sender's wake-ups), next to a minimal
 *      baseline measured in the same run: a bare fetch loop posting as many drafts to the same server,
 *      one at a time, in order, each with its Idempotency-Key (what the outbox does, without a page).
 *   2. The longer fault run: 1,000 drafts through the fault proxy (30 % of answers lost after the
 *      server committed, 20 % answered 503); the page's clock is moved over the back-off waits while
 *      nothing is in flight. Counts what landed against what was drafted.
 * Run: npx -y pnpm@10 --filter @corridor/pwa build && npx -y pnpm@10 --filter @corridor/e2e bench:outbox
 * BENCH_OUTBOX_DRAFTS changes the 1,000; BENCH_OUTBOX_FAULTS=0 skips the fault run; BENCH_OUTBOX_SW=1
 * reloads the signed-in page once its service worker is active, so the worker controls it (a
 * returning user's page; a first visit's page is not controlled, its requests never reach the worker).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, signIn } from '../src/browser.ts';
import { startFaultProxy } from '../src/fault-proxy.ts';
import { activeWallet, draftBody, landing, MERCHANT_USER, PORTAL_CLIENT, serverPayments, tokenOf, userIdOf } from '../src/outbox-harness.ts';
import { allSent, drainWithClock, enqueueDrafts, exposeOutboxEnqueue } from '../src/outbox-page.ts';
import { repoRoot, startServer } from '../src/server.ts';

const DRAFTS = Number(process.env.BENCH_OUTBOX_DRAFTS ?? 1000);
const TARGET_MS = 20_000;
const CONTROLLED = process.env.BENCH_OUTBOX_SW === '1';
/** The minimal baseline: the same drafts straight from Node, sequential, keyed; its time in ms. */
async function bareSync(baseUrl: string, token: string, bodies: { draftId: string }[]): Promise<number> {
  const started = performance.now();
  for (const body of bodies) {
    const res = await fetch(`${baseUrl}/m/api/v1/transactions/payments/draft`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': `${body.draftId}-draft` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`baseline draft answered ${res.status}: ${await res.text()}`);
  }
  return performance.now() - started;
}

async function signedInTab(browser: Browser, url: string): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
  await context.clock.install();
  const page = await context.newPage();
  await signIn(page, MERCHANT_USER);
  await page.waitForURL('**/merchant/wallet', { timeout: 60_000 });
  if (CONTROLLED) {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForURL('**/merchant/wallet', { timeout: 60_000 });
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) throw new Error('the reloaded page has no service worker');
  }
  await exposeOutboxEnqueue(page);
  return { page, close: () => context.close() };
}

/**
 * Waits, inside the page (one look every 25 ms), until `count` outbox items are sent. No named
 * functions inside: tsx would wrap them in a helper the page does not have.
 */
async function waitForSent(page: Page, userId: string, count: number): Promise<void> {
  await page.evaluate(
    async ({ userId, count }) => {
      for (;;) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(`corridor-local-${userId}`);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const sent = await new Promise<number>((resolve, reject) => {
          const request = db.transaction('outbox', 'readonly').objectStore('outbox').index('state').count('sent');
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        db.close();
        if (sent >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    { userId, count },
  );
}

const pwaDist = join(repoRoot, 'apps/pwa/dist');
if (!existsSync(join(pwaDist, 'index.html'))) throw new Error('Build the portal first: npx -y pnpm@10 --filter @corridor/pwa build');
const server = await startServer();
const browser = await launch({ serviceWorkers: 'allow', binary: 'chromium' });
try {
  const token = await tokenOf(server.baseUrl);
  const userId = await userIdOf(server.baseUrl, token);
  const wallet = await activeWallet(server.baseUrl, token);

  // 1. Reconnect after 1,000 drafts made offline, straight to the local server.
  {
    const { page, close } = await signedInTab(browser, server.baseUrl);
    const bodies = Array.from({ length: DRAFTS }, (_, i) => draftBody(i, wallet));
    const before = await serverPayments(server.baseUrl, token);
    await page.context().setOffline(true);
    const queuedAt = performance.now();
    await enqueueDrafts(page, userId, bodies);
    const queueMs = performance.now() - queuedAt;
    // Every payment call's own time (request out until the answer's last byte, as the browser timed
    // it; the page's clock is a test clock, so this is read on the protocol's side) tells the server's
    // share of the sync from the page's (IndexedDB, sealing, the sender's wake-ups).
    let httpMs = 0;
    page.on('requestfinished', (request) => {
      if (request.method() === 'POST' && request.url().includes('/transactions/payments')) httpMs += Math.max(0, request.timing().responseEnd);
    });
    const reconnectAt = performance.now();
    await page.context().setOffline(false);
    await waitForSent(page, userId, DRAFTS);
    const syncMs = performance.now() - reconnectAt;
    const result = landing(
      before,
      await serverPayments(server.baseUrl, token),
      bodies.map((b) => b.draftId),
    );
    console.log(`\nOutbox sync (Chromium, local server on embedded PostgreSQL, ${DRAFTS} drafts${CONTROLLED ? ', page under its service worker' : ''})`);
    console.log(`  queued offline:                 ${(queueMs / 1000).toFixed(2)} s (${(queueMs / DRAFTS).toFixed(1)} ms a draft)`);
    console.log(
      `  reconnect until all sent:       ${(syncMs / 1000).toFixed(2)} s (${(syncMs / DRAFTS).toFixed(1)} ms a draft), target <= ${TARGET_MS / 1000} s: ${syncMs <= TARGET_MS ? 'met' : 'MISSED'}`,
    );
    console.log(
      `    of which payment calls:      ${(httpMs / 1000).toFixed(2)} s (${(httpMs / DRAFTS).toFixed(1)} ms a draft); the page's own work ${((syncMs - httpMs) / 1000).toFixed(2)} s`,
    );
    const bareMs = await bareSync(
      server.baseUrl,
      token,
      Array.from({ length: DRAFTS }, (_, i) => draftBody(i, wallet)),
    );
    console.log(`  minimal baseline (bare fetch loop, same server): ${(bareMs / 1000).toFixed(2)} s; ours/baseline ${(syncMs / bareMs).toFixed(2)}x`);
    console.log(`  server holds: ${result.added} new, missing ${result.missing.length}, doubled ${result.doubled.length}`);
    await close();
  }

  // 2. The longer fault run through the proxy.
  if (process.env.BENCH_OUTBOX_FAULTS !== '0') {
    const proxy = await startFaultProxy(server.baseUrl, { seed: 42, lostAnswerShare: 0.3, unavailableShare: 0.2, client: PORTAL_CLIENT });
    const { page, close } = await signedInTab(browser, proxy.url);
    const bodies = Array.from({ length: DRAFTS }, (_, i) => draftBody(i, wallet));
    const draftIds = bodies.map((b) => b.draftId);
    const before = await serverPayments(server.baseUrl, token);
    await page.context().setOffline(true);
    await enqueueDrafts(page, userId, bodies);
    const started = performance.now();
    await page.context().setOffline(false);
    await drainWithClock(
      () => page,
      proxy,
      () => allSent(page, userId, draftIds),
      async () => {},
      30 * 60_000,
    );
    const ms = performance.now() - started;
    const result = landing(before, await serverPayments(server.baseUrl, token), draftIds);
    const traffic = draftIds.map((id) => proxy.counts.byDraft.get(id)!);
    console.log(`\nOutbox fault run (${DRAFTS} drafts through the fault proxy: 30 % answers lost after commit, 20 % 503)`);
    console.log(`  drained in ${(ms / 1000).toFixed(1)} s of real time (back-off waits skipped on the page's clock)`);
    console.log(`  payment calls ${proxy.counts.paymentCalls}: lost answers ${proxy.counts.lostAnswers}, 503 ${proxy.counts.unavailable}`);
    console.log(`  server holds: ${result.added} new for ${DRAFTS} drafted, missing ${result.missing.length}, doubled ${result.doubled.length}`);
    console.log(
      `  one sender: most calls in flight ${proxy.counts.maxInFlight}; drafts acknowledged more than once ${traffic.filter((t) => t.delivered2xx !== 1).length}`,
    );
    await close();
    await proxy.stop();
  }
} finally {
  await browser.close();
  await server.stop();
}
