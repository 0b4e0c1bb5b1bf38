/**
 * One cold start of the login page on the bench's slow 4G line and 4x slower CPU, as a timeline:
 * when each request answered, each main-thread task over 50 ms (with the scripts it ran), and when
 * the login form showed, the session loader went and the form took a click. It is the bench's
 * first row taken apart, to see where the time goes.
 * Run: npx -y pnpm@10 --filter @corridor/pwa build && cd e2e && npx tsx bench/cold-trace.ts
 * TRACE_FILE=<path> also writes the Chromium trace (open it in the browser's Performance panel).
 */
import { writeFileSync } from 'node:fs';
import { launch } from '../src/browser.ts';
import { startServer } from '../src/server.ts';
import { slowDown, type CpuProfile, type TraceEvent } from './slow-line.ts';

/** Marks, in ms since navigation, that the page records itself (see the init script below). */
interface PageMarks {
  formShown?: number;
  loaderShown?: number;
  loaderGone?: number;
  clickable?: number;
}

/** Self time per script file and function over the samples before `untilMs` (the profile's own clock). */
function selfTimes(profile: CpuProfile, untilMs: number): Array<[string, number]> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  let time = profile.startTime;
  const firstSample = profile.startTime + (profile.timeDeltas[0] ?? 0);
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index + 1] ?? 0;
    time += profile.timeDeltas[index] ?? 0;
    if ((time - firstSample) / 1000 > untilMs) return;
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url ? new URL(frame.url).pathname : `(${frame.functionName || 'native'})`;
    const key = frame.url ? `${file} ${frame.functionName || '(anonymous)'}:${frame.lineNumber}` : file;
    totals.set(key, (totals.get(key) ?? 0) + delta);
  });
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

const server = await startServer();
const browser = await launch({ serviceWorkers: 'allow', binary: 'chromium' });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  // A string, not a function: tsx would wrap the function's helpers in names the page does not have.
  await context.addInitScript(`
    const marks = {};
    window.__marks = marks;
    const check = () => {
      const field = document.querySelector('[data-testid="login-id"]');
      const loader = document.querySelector('[data-testid="session-loader"]');
      const now = performance.now();
      if (field && marks.formShown === undefined) marks.formShown = now;
      if (loader && marks.loaderShown === undefined) marks.loaderShown = now;
      if (!loader && marks.loaderShown !== undefined && marks.loaderGone === undefined) marks.loaderGone = now;
      if (field && marks.clickable === undefined) {
        const box = field.getBoundingClientRect();
        if (document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === field) marks.clickable = now;
      }
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
    const timer = setInterval(() => {
      check();
      if (marks.clickable !== undefined) clearInterval(timer);
    }, 20);
  `);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await slowDown(cdp);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await page.goto(`${server.baseUrl}/login`, { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { __marks: PageMarks }).__marks.clickable !== undefined, undefined, { timeout: 30_000 });
  await page.waitForTimeout(500);
  const marks = await page.evaluate(() => (window as unknown as { __marks: PageMarks }).__marks);
  const resources = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: new URL(entry.name).pathname,
      start: entry.startTime,
      end: entry.responseEnd,
    })),
  );
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  if (process.env.TRACE_FILE) writeFileSync(process.env.TRACE_FILE, JSON.stringify({ traceEvents: events }));

  // Times on the page's clock: the navigation's start is the first "navigationStart" mark.
  const navigation = events.find((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.includes('/login'));
  const origin = navigation?.ts ?? Math.min(...events.map((event) => event.ts));
  const rendererPid = navigation?.pid;
  const at = (ts: number) => `${((ts - origin) / 1000).toFixed(0).padStart(5)} ms`;
  console.log('\nRequests (start -> end, ms since navigation)');
  for (const resource of resources) console.log(`  ${resource.start.toFixed(0).padStart(5)} -> ${resource.end.toFixed(0).padStart(5)}  ${resource.name}`);
  console.log('\nMain-thread tasks over 50 ms');
  const tasks = events.filter((event) => event.pid === rendererPid && event.name === 'RunTask' && (event.dur ?? 0) > 50_000);
  const mainTid = tasks.map((task) => task.tid).sort((a, b) => tasks.filter((t) => t.tid === b).length - tasks.filter((t) => t.tid === a).length)[0];
  for (const task of tasks.filter((t) => t.tid === mainTid)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter(
      (event) =>
        event.tid === task.tid &&
        event.pid === task.pid &&
        event.ts >= task.ts &&
        event.ts < end &&
        ['EvaluateScript', 'FunctionCall', 'v8.compileModule', 'v8.evaluateModule', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint'].includes(event.name) &&
        (event.dur ?? 0) > 10_000,
    );
    console.log(`  ${at(task.ts)}  ${((task.dur ?? 0) / 1000).toFixed(0)} ms`);
    for (const event of inside) {
      const data = event.args?.data;
      const what = data?.url ? new URL(data.url).pathname : '';
      console.log(`      ${event.name.padEnd(18)} ${((event.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms ${what} ${data?.functionName ?? ''}`);
    }
  }
  console.log('\nScript time by file and function until the form took a click (CPU profile, self time)');
  for (const [what, micros] of selfTimes(profile, marks.clickable ?? Number.POSITIVE_INFINITY).slice(0, 25)) {
    console.log(`  ${(micros / 1000).toFixed(0).padStart(5)} ms  ${what}`);
  }
  console.log('\nPage marks (ms since navigation)');
  for (const [name, value] of Object.entries(marks)) console.log(`  ${name.padEnd(12)} ${value.toFixed(0)}`);
} finally {
  await browser.close();
  await server.stop();
}
