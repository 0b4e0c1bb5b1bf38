/**
 * Browser benchmark (figures, not pass/fail): the portal on an emulated slow 4G line with a 4x slower
 * CPU, side by side with a bare Vite + React page served the same way (precompressed, with the answer headers
 * Corridor's server sends: its security headers cost a page time of their own).
 *   - cold start to an interactive login form (the first frame that draws its ID field, enabled and visible:
 *     src/first-screen.ts), by the driver's clock (from `goto` to the page's report of that frame) and by the
 *     page's own (from the navigation's start), and the bytes it took;
 *   - the same start until the form can be sent (its button enabled: the form the HTML carries waits for the
 *     portal's scripts), and the JS + CSS the browser had loaded by then, gzip, beside the size check's
 *     figure for the same files (apps/pwa/scripts/login-route-files.mjs: one definition for both);
 *   - sign-in to the merchant's wallet rows: the user types the ID and password at a person's pace on
 *     the cold login page, then the time from the click on "Sign in" to the first wallet row;
 *   - offline start (reload with the network off) to the merchant's wallet rows from IndexedDB, by the driver's
 *     clock (from `reload`) and by the page's (from the reload's navigation start to the first frame that draws
 *     a row);
 *   - the same start on a dead line the browser thinks is up (every call refused at once, navigator.onLine true:
 *     a branch's Wi-Fi without its uplink), where the session's renewal tries the line before the screen shows.
 * Run: npx -y pnpm@10 --filter @corridor/pwa build && npx -y pnpm@10 bench
 * BENCH_COMPARE_DIST=<another portal build> adds its cold start, sign-in and offline start in the same run,
 * taking turns with this build's (a change's before and after, measured under the same load); BENCH_OFFLINE=0
 * skips the offline rows, BENCH_SIGN_IN=0 the sign-in row.
 */
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launch, signIn, underServiceWorker } from '../src/browser.ts';
import { gzipTotal, loginRouteFiles, readManifest } from '../../apps/pwa/scripts/login-route-files.mjs';
import { repoRoot, startServer } from '../src/server.ts';
import { CPU_SLOWDOWN, SLOW_4G, slowDown } from './slow-line.ts';
import { formClickable, formInteractive, formWorking, scriptsAndStylesBefore, watchFormInteractive } from '../src/first-screen.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number): string => `${(value / 1000).toFixed(2)} s`;

interface ColdStart {
  millis: number;
  /** Until the form takes a click: nothing (the session loader) covers the ID field. */
  usableMillis: number;
  /** The same moment as `millis` on the page's clock (from the navigation's start), without the driver's polling. */
  pageMillis: number;
  transferred: number;
  /** Until the form can be sent: its button enabled, the portal's scripts run (src/first-screen.ts). */
  workingMillis: number;
  /** JS and CSS files (paths) that had arrived before the form could be sent. */
  scriptsAndStyles: string[];
}

/** A fresh context on the slow 4G line with the slower CPU and no HTTP cache (no service worker: a first visit). */
async function slowPage(browser: Browser, baseURL?: string): Promise<{ page: Page; transferred: () => number }> {
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await watchFormInteractive(context);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await slowDown(cdp);
  let transferred = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    transferred += event.encodedDataLength;
  });
  return { page, transferred: () => transferred };
}

/** One cold visit in a fresh context: time until the form is interactive, and what crossed the wire. */
async function coldStart(browser: Browser, url: string): Promise<ColdStart> {
  const { page, transferred } = await slowPage(browser);
  const started = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  const interactiveAt = await formInteractive(page);
  const millis = performance.now() - started;
  await formClickable(page);
  const usableMillis = performance.now() - started;
  const workingAt = await formWorking(page);
  const workingMillis = performance.now() - started;
  // What had arrived: the entry runs once its static imports are all here, and what its first render asks for
  // (the session machine's chunk, a dynamic import) is asked in the same task but arrives after.
  const scriptsAndStyles = await scriptsAndStylesBefore(page, workingAt, { arrived: true });
  const bytes = transferred();
  await page.context().close();
  return { millis, usableMillis, workingMillis, pageMillis: interactiveAt, transferred: bytes, scriptsAndStyles };
}

/** A person's typing pace on the login form (ms between keys). */
const KEY_DELAY_MS = 120;

/**
 * Sign-in on a cold first visit: the login page opens on the slow line, the user types the ID and the
 * password at a person's pace (what the page does meanwhile, such as fetching the next screen's code,
 * counts for nothing), and the time runs from the click on "Sign in" to the first wallet row.
 */
async function signInToWallet(browser: Browser, baseUrl: string): Promise<{ millis: number; pageMillis: number }> {
  const { page } = await slowPage(browser, baseUrl);
  // The same span on the page's own clock: from the click's event to the first wallet row in the DOM. What the
  // bench's clock adds to it is the harness's (the click's checks and the wait's polls through the protocol,
  // to a renderer 4x slower), which no user sees.
  await page.addInitScript(`
    document.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('[data-testid="login-submit"]')) window.__signInClickAt ??= performance.now();
    }, true);
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="wallet-card"]')) {
        window.__walletRowAt ??= performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  `);
  await page.goto('/login', { waitUntil: 'commit' });
  await formInteractive(page);
  await page.getByTestId('login-id').click();
  await page.getByTestId('login-id').pressSequentially('100000001', { delay: KEY_DELAY_MS });
  await page.getByTestId('login-password').click();
  await page.getByTestId('login-password').pressSequentially(DEMO_PASSWORD, { delay: KEY_DELAY_MS });
  const started = performance.now();
  await page.getByTestId('login-submit').click();
  await page.getByTestId('wallet-card').first().waitFor();
  const millis = performance.now() - started;
  const pageMillis = await page.evaluate(() => {
    const marks = window as unknown as { __signInClickAt?: number; __walletRowAt?: number };
    return (marks.__walletRowAt ?? Number.NaN) - (marks.__signInClickAt ?? Number.NaN);
  });
  await page.context().close();
  return { millis, pageMillis };
}

/** gzip size of the files a page loaded, read from the built folder (the size check's own gzip). */
function gzipSize(dist: string, paths: string[]): number {
  return gzipTotal(dist, new Set(paths.filter((path) => existsSync(join(dist, path)))));
}

/** A bare Vite + React 19 page ("hello world" with one input), built with the portal's own Vite. */
async function buildBaseline(): Promise<string> {
  const pwa = join(repoRoot, 'apps/pwa');
  const root = join(pwa, 'node_modules/.corridor-bench-baseline');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(join(root, 'src'), { recursive: true });
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>Baseline</title></head><body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body></html>',
  );
  writeFileSync(
    join(root, 'src/main.jsx'),
    "import { createRoot } from 'react-dom/client';\nfunction App() { return <form><label>ID <input data-testid=\"login-id\" /></label></form>; }\ncreateRoot(document.getElementById('root')).render(<App />);\n",
  );
  const require = createRequire(join(pwa, 'package.json'));
  // The portal's own build tools, loaded from its folder (this package does not depend on them).
  const load = async <T>(name: string): Promise<T> => (await import(pathToFileURL(require.resolve(name)).href)) as T;
  const vite = await load<{ build: (config: Record<string, unknown>) => Promise<unknown> }>('vite');
  const react = (await load<{ default: () => unknown }>('@vitejs/plugin-react')).default;
  const { compression } = await load<{ compression: (options: Record<string, unknown>) => unknown }>('vite-plugin-compression2');
  await vite.build({
    root,
    logLevel: 'silent',
    configFile: false,
    plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  });
  return join(root, 'dist');
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** Answer headers that belong to one answer or one connection, not to how a site is served. */
const PER_ANSWER = new Set([
  'date',
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'x-trace-id',
  'etag',
  'last-modified',
  'vary',
]);

/**
 * The headers Corridor's server sends with the login page (its security headers: Content-Security-Policy,
 * Cross-Origin-Opener-Policy, Origin-Agent-Cluster, ...), for the bare page to be served with the same. They
 * cost the page time of their own: a page opened from a blank tab with `Cross-Origin-Opener-Policy: same-origin`
 * moves to a new renderer once its answer arrives, and its files are asked for ~100 ms later (docs/performance.md).
 */
async function servedHeaders(baseUrl: string): Promise<Record<string, string>> {
  const answer = await fetch(`${baseUrl}/login`, { headers: { accept: 'text/html' } });
  await answer.arrayBuffer();
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!PER_ANSWER.has(name)) headers[name] = value;
  });
  return headers;
}

/** Serves a built folder the way Corridor serves the portal: precompressed brotli when accepted, with `headers` on every answer. */
async function serveStatic(dist: string, headers: Record<string, string> = {}): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const file = resolve(dist, `.${path === '/' ? '/index.html' : path}`);
    if (!file.startsWith(dist) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const br = `${file}.br`;
    const useBr = (req.headers['accept-encoding'] ?? '').includes('br') && existsSync(br);
    res.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...(useBr ? { 'content-encoding': 'br' } : {}) });
    res.end(readFileSync(useBr ? br : file));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

/** A start's time to the wallet rows: the driver's clock, and the page's (the reload's navigation start to the first frame that draws a row). */
interface RowsStart {
  millis: number;
  pageMillis: number;
}

/** Offline start: a merchant signed in once online; the reload with the network off shows wallet rows. */
async function offlineStart(browser: Browser, baseUrl: string, line: 'offline' | 'dead' = 'offline'): Promise<RowsStart> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, '100000001');
  await page.waitForURL('**/merchant/wallet');
  await page.getByTestId('wallet-card').first().waitFor();
  await underServiceWorker(page);
  await page.getByTestId('wallet-card').first().waitFor();
  // Every document of the page from here on notes the first frame that draws a wallet row, on its own clock
  // (zero at its navigation's start: the reload's). A string: tsx would wrap a function's helpers.
  await page.addInitScript(`
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="wallet-card"]')) return;
      observer.disconnect();
      requestAnimationFrame(() => { window.__walletRowFrameAt = performance.now(); });
    }).observe(document, { subtree: true, childList: true });
  `);
  if (line === 'offline') await context.setOffline(true);
  // What the service worker does not answer from the device is refused; the browser still says it is online.
  else await context.route('**/*', (route) => route.abort('internetdisconnected'));
  const started = performance.now();
  await page.reload({ waitUntil: 'commit' });
  await page.getByTestId('wallet-card').first().waitFor();
  const millis = performance.now() - started;
  await page.waitForFunction(() => (window as unknown as { __walletRowFrameAt?: number }).__walletRowFrameAt !== undefined);
  const pageMillis = await page.evaluate(() => (window as unknown as { __walletRowFrameAt: number }).__walletRowFrameAt);
  await context.close();
  return { millis, pageMillis };
}

const pwaDist = join(repoRoot, 'apps/pwa/dist');
if (!existsSync(join(pwaDist, 'index.html'))) throw new Error('Build the portal first: npx -y pnpm@10 --filter @corridor/pwa build');
const compareDist = process.env.BENCH_COMPARE_DIST ? resolve(process.env.BENCH_COMPARE_DIST) : undefined;
if (compareDist && !existsSync(join(compareDist, 'index.html'))) throw new Error(`BENCH_COMPARE_DIST has no index.html: ${compareDist}`);
// The same server code serving the other build: only the portal's files differ. One after the other:
// two embedded databases starting at once on a busy machine can miss the start-up deadline.
// A start that missed the deadline on a loaded machine is tried once more.
const startOnce = (env?: Record<string, string>) => startServer(env).catch(() => startServer(env));
const corridor = await startOnce();
const compared = compareDist ? await startOnce({ PWA_DIST: compareDist }) : undefined;
const baselineDist = await buildBaseline();
// The bare page with Corridor's own answer headers (the ratio's baseline: served the same way), and without them.
const baseline = await serveStatic(baselineDist, await servedHeaders(corridor.baseUrl));
const headerless = await serveStatic(baselineDist);
const browser = await launch({ serviceWorkers: 'allow', binary: 'chromium' });
try {
  const ours: ColdStart[] = [];
  const bare: ColdStart[] = [];
  const bareHeaderless: ColdStart[] = [];
  const other: ColdStart[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    ours.push(await coldStart(browser, `${corridor.baseUrl}/login`));
    bare.push(await coldStart(browser, baseline.url));
    bareHeaderless.push(await coldStart(browser, headerless.url));
    if (compared) other.push(await coldStart(browser, `${compared.baseUrl}/login`));
  }
  // The other build's runs take turns with this build's, so both see the machine alike.
  const signIns: number[] = [];
  const signInsOnPage: number[] = [];
  const otherSignIns: number[] = [];
  const otherSignInsOnPage: number[] = [];
  if (process.env.BENCH_SIGN_IN !== '0') {
    for (let i = 0; i < RUNS; i += 1) {
      const run = await signInToWallet(browser, corridor.baseUrl);
      signIns.push(run.millis);
      signInsOnPage.push(run.pageMillis);
      if (compared) {
        const other = await signInToWallet(browser, compared.baseUrl);
        otherSignIns.push(other.millis);
        otherSignInsOnPage.push(other.pageMillis);
      }
    }
  }
  const offlineRuns: RowsStart[] = [];
  const otherOfflineRuns: RowsStart[] = [];
  const deadLineRuns: RowsStart[] = [];
  const otherDeadLineRuns: RowsStart[] = [];
  if (process.env.BENCH_OFFLINE !== '0') {
    for (let i = 0; i < RUNS; i += 1) {
      offlineRuns.push(await offlineStart(browser, corridor.baseUrl));
      if (compared) otherOfflineRuns.push(await offlineStart(browser, compared.baseUrl));
      deadLineRuns.push(await offlineStart(browser, corridor.baseUrl, 'dead'));
      if (compared) otherDeadLineRuns.push(await offlineStart(browser, compared.baseUrl, 'dead'));
    }
  }
  const [offline, otherOffline, deadLine, otherDeadLine] = [offlineRuns, otherOfflineRuns, deadLineRuns, otherDeadLineRuns].map((runs) =>
    runs.map((run) => run.millis),
  ) as [number[], number[], number[], number[]];
  const offlineOnPage = offlineRuns.map((run) => run.pageMillis);

  const oursMs = median(ours.map((r) => r.millis));
  const bareMs = median(bare.map((r) => r.millis));
  const oursGzip = gzipSize(pwaDist, ours[0]?.scriptsAndStyles ?? []);
  // The size check's figure for the same page (apps/pwa's `size` script): the two must name the same files.
  const checked = loginRouteFiles(readManifest(pwaDist));
  const loaded = new Set(ours[0]?.scriptsAndStyles ?? []);
  const notChecked = [...loaded].filter((file) => !checked.has(file));
  const notLoaded = [...checked].filter((file) => !loaded.has(file));
  const bareGzip = gzipSize(baselineDist, bare[0]?.scriptsAndStyles ?? []);
  /** A row of one measure's medians, Corridor's beside the bare page's, and their ratio. */
  const sideBySide = (label: string, measure: 'pageMillis' | 'usableMillis' | 'workingMillis' | 'transferred', format: (value: number) => string) => {
    const [corridorValue, bareValue] = [median(ours.map((r) => r[measure])), median(bare.map((r) => r[measure]))];
    return [label, format(corridorValue), format(bareValue), `${(corridorValue / bareValue).toFixed(2)}x`, ''] as [string, string, string, string, string];
  };
  const rows: Array<[string, string, string, string, string]> = [
    ['cold start to an interactive login form, slow 4G (median)', ms(oursMs), ms(bareMs), `${(oursMs / bareMs).toFixed(2)}x`, `<= ${ms(bareMs * 1.2)} (1.2x)`],
    sideBySide('the same on the page clock (navigation start to the frame that draws the form)', 'pageMillis', ms),
    [
      "the bare page without Corridor's headers (driver's clock; page clock)",
      '-',
      `${ms(median(bareHeaderless.map((r) => r.millis)))}; ${ms(median(bareHeaderless.map((r) => r.pageMillis)))}`,
      `${(oursMs / median(bareHeaderless.map((r) => r.millis))).toFixed(2)}x; ${(median(ours.map((r) => r.pageMillis)) / median(bareHeaderless.map((r) => r.pageMillis))).toFixed(2)}x`,
      '',
    ],
    sideBySide('cold start until the form takes a click (session loader gone)', 'usableMillis', ms),
    sideBySide('cold start until the form can be sent (its button enabled: the scripts have run)', 'workingMillis', ms),
    sideBySide('bytes sent until then (brotli where accepted)', 'transferred', kb),
    ['JS + CSS loaded before the login form can be sent, gzip', kb(oursGzip), kb(bareGzip), `${(oursGzip / bareGzip).toFixed(2)}x`, '<= 150 KB'],
    ["the size check's login route (same files from the manifest), gzip", kb(gzipTotal(pwaDist, checked)), '-', '-', '<= 150 KB'],
    ["sign-in to the merchant's wallet rows, slow 4G (median)", signIns.length ? ms(median(signIns)) : 'skipped', '-', '-', '<= 2.00 s'],
    ['the same on the page clock (click event to the first row in the DOM)', signIns.length ? ms(median(signInsOnPage)) : 'skipped', '-', '-', ''],
    ['offline start to wallet rows from IndexedDB (median)', offline.length ? ms(median(offline)) : 'skipped', '-', '-', '<= 0.50 s'],
    [
      "the same on the page clock (the reload's navigation start to the frame that draws the first row)",
      offline.length ? ms(median(offlineOnPage)) : 'skipped',
      '-',
      '-',
      '',
    ],
    ['the same on a dead line the browser thinks is up (median)', deadLine.length ? ms(median(deadLine)) : 'skipped', '-', '-', ''],
  ];
  const header = ['measure', 'Corridor', 'bare Vite + React', 'ratio', 'target'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ');
  console.log(`\nPortal in the browser (${RUNS} runs each, Chromium, ${SLOW_4G.latency} ms / 1.6 Mbit/s, CPU ${CPU_SLOWDOWN}x slower)`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const row of rows) console.log(line(row));
  const each = (values: number[]) => values.map(ms).join(', ');
  const coldRuns = (runs: ColdStart[]) => `${each(runs.map((r) => r.millis))} (page clock: ${each(runs.map((r) => r.pageMillis))})`;
  console.log(`\ncold start, each run: ${coldRuns(ours)}; bare page: ${coldRuns(bare)}; bare page without Corridor's headers: ${coldRuns(bareHeaderless)}`);
  if (signIns.length) console.log(`sign-in, each run: ${each(signIns)}; on the page clock: ${each(signInsOnPage)}`);
  if (offline.length) console.log(`offline start, each run: ${each(offline)} (page clock: ${each(offlineOnPage)}); on a dead line: ${each(deadLine)}`);
  if (notChecked.length || notLoaded.length) {
    console.log("\nThe browser and the size check disagree on the login page's files:");
    for (const file of notChecked) console.log(`  loaded before the form, not in the size check: ${file}`);
    for (const file of notLoaded) console.log(`  in the size check, not loaded before the form: ${file}`);
  }
  if (compareDist) {
    const otherMs = median(other.map((r) => r.millis));
    console.log(`\nBENCH_COMPARE_DIST (${compareDist}), same run:`);
    console.log(`  cold start ${ms(otherMs)} (this build ${ms(oursMs)}, bare ${ms(bareMs)}); each run: ${coldRuns(other)}`);
    console.log(`  until the form takes a click ${ms(median(other.map((r) => r.usableMillis)))} (this build ${ms(median(ours.map((r) => r.usableMillis)))})`);
    console.log(`  until the form can be sent ${ms(median(other.map((r) => r.workingMillis)))} (this build ${ms(median(ours.map((r) => r.workingMillis)))})`);
    console.log(`  bytes sent ${kb(median(other.map((r) => r.transferred)))}, JS + CSS gzip ${kb(gzipSize(compareDist, other[0]?.scriptsAndStyles ?? []))}`);
    if (otherSignIns.length)
      console.log(
        `  sign-in to wallet rows ${ms(median(otherSignIns))} (this build ${ms(median(signIns))}); on the page clock ${ms(median(otherSignInsOnPage))} (this build ${ms(median(signInsOnPage))}); each run: ${each(otherSignIns)}`,
      );
    if (otherOffline.length)
      console.log(
        `  offline start to wallet rows ${ms(median(otherOffline))} (this build ${ms(median(offline))}); on the page clock ${ms(median(otherOfflineRuns.map((run) => run.pageMillis)))} (this build ${ms(median(offlineOnPage))}); each run: ${each(otherOffline)}; on a dead line ${ms(median(otherDeadLine))} (this build ${ms(median(deadLine))}); each run: ${each(otherDeadLine)}`,
      );
  }
} finally {
  await browser.close();
  baseline.server.close();
  headerless.server.close();
  await corridor.stop();
  await compared?.stop();
}
