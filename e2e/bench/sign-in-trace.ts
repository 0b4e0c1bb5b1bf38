/**
 * One sign-in on the portal bench's slow 4G line and 4x slower CPU, taken apart: the page's time from the
 * click to the first wallet row, each main-thread task over 50 ms after the click (from Chromium's trace),
 * and what each of those tasks ran, by script file and by function (from a CPU profile on the same clock).
 * It is the bench's sign-in row seen from inside, to find which work stands between the answers and the rows.
 * Run: npx -y pnpm@10 --filter @corridor/pwa build && cd e2e && npx tsx bench/sign-in-trace.ts
 * RUNS=<n> signs in n times (default 2); PWA_DIST=<another build> traces that build instead; TYPING_MS=<ms> is the
 * typing time before the click (default 2,500 ms, the portal bench's: a shorter one puts the work the page does
 * while the user types, such as building the first screen's formatters, after the click); TOP=<n> functions a task.
 */
import { DEMO_PASSWORD, launch } from '../src/browser.ts';
import { startServer } from '../src/server.ts';
import { slowDown, type CpuProfile, type TraceEvent } from './slow-line.ts';

const RUNS = Number(process.env.RUNS ?? '2');
const TYPING_MS = Number(process.env.TYPING_MS ?? '2500');
const TOP = Number(process.env.TOP ?? '8');

const fileOf = (url: string) => url.split('/').pop() || '(native)';
const top = (totals: Map<string, number>, n: number) =>
  [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(' | ');

/** Self time of the profile's samples inside [from, to] (µs on the trace's clock), by file and by function. */
function samplesWithin(profile: CpuProfile, from: number, to: number): { byFile: Map<string, number>; byFunction: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    const frame = nodes.get(id)?.callFrame;
    if (!frame || at < from || at > to) return;
    const file = fileOf(frame.url);
    const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber}:${frame.columnNumber}`;
    byFile.set(file, (byFile.get(file) ?? 0) + delta / 1000);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + delta / 1000);
  });
  return { byFile, byFunction };
}

const server = await startServer(process.env.PWA_DIST ? { PWA_DIST: process.env.PWA_DIST } : undefined);
const browser = await launch({ serviceWorkers: 'allow', binary: 'chromium' });
try {
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    // A string: tsx would wrap a function's helpers in names the page does not have.
    await context.addInitScript(`
      document.addEventListener('click', (event) => {
        if (event.target instanceof Element && event.target.closest('[data-testid="login-submit"]')) window.__clickAt ??= performance.now();
      }, true);
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="wallet-card"]')) { window.__rowAt ??= performance.now(); observer.disconnect(); }
      }).observe(document, { subtree: true, childList: true });
    `);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await slowDown(cdp);
    await page.goto('/login');
    await page.getByTestId('login-id').fill('100000001');
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    // The user's typing time: the home route's code is fetched meanwhile (prefetch-home.ts).
    await page.waitForTimeout(TYPING_MS);
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'] });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('wallet-card').first().waitFor();
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const marks = (await page.evaluate('({ click: window.__clickAt, row: window.__rowAt })')) as { click: number; row: number };
    console.log(`\nrun ${run + 1}: click to the first wallet row ${(marks.row - marks.click).toFixed(0)} ms on the page's clock`);
    const mains = new Set(trace.traceEvents.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const tasks = trace.traceEvents.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000 && mains.has(`${e.pid}:${e.tid}`) && e.ts >= profile.startTime);
    for (const task of tasks) {
      const { byFile, byFunction } = samplesWithin(profile, task.ts, task.ts + (task.dur ?? 0));
      console.log(`  task of ${((task.dur ?? 0) / 1000).toFixed(0)} ms, ${((task.ts - profile.startTime) / 1000).toFixed(0)} ms after the profile began`);
      console.log(`    by file: ${top(byFile, 10)}`);
      console.log(`    by function: ${top(byFunction, TOP)}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
