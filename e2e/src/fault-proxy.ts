import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A proxy of our own between the browser and the server, for proving the outbox under faults. It
 * forwards every request; the payment calls (create and draft), or with `scope: 'calls'` every call of
 * the API (token renewals, sign-in, reads, quotes, payments: a branch's bad line), meet, by a seeded draw:
 *   - a lost acknowledgement: the request reaches the server, the server commits and answers, and
 *     the answer is thrown away (the browser's socket is destroyed, so it sees no answer at all);
 *   - 503 without forwarding (the server never saw it);
 *   - once, when asked, a real session expiry: the session of the request's access token is revoked
 *     on the server (RFC 7009), so the request gets the server's own 401 and the portal's renewal
 *     through the refresh cookie fails too. A lone 401 from the proxy would not do: the portal renews
 *     the token once on a 401 and sends again, so the user would never notice.
 * Everything it did is counted, per draftId too, so a test can tell one request per draft per attempt.
 */

/** The calls that carry a draft: POST .../transactions/payments and POST .../transactions/payments/draft. */
const PAYMENT_CALL = /^\/(m|sp)\/api\/v1\/transactions\/payments(\/draft)?\/?(\?.*)?$/;

export interface FaultPlan {
  /** Seed of the draw: the same seed and the same order of requests give the same faults. */
  seed: number;
  /** Share of payment calls whose answer is lost after the server committed them. */
  lostAnswerShare: number;
  /** Share of payment calls answered 503 without reaching the server. */
  unavailableShare: number;
  /** The n-th payment call (1-based) expires the session first; none when unset. */
  expireSessionAt?: number;
  /** The portal's OAuth client, for the revocation call (Basic). */
  client?: { id: string; secret: string };
  /**
   * Which requests meet the faults: the payment calls only (default), or every call of the API. The
   * portal's own files (the page, scripts, styles, translations) pass untouched either way: after the
   * first visit the service worker serves them, so the line does not carry them.
   */
  scope?: 'payments' | 'calls';
}

/** What the token endpoint answered, by grant. */
export interface TokenTraffic {
  /** Password grants the server answered 200 (delivered or lost). */
  signIns: number;
  /** Refresh grants the server answered 200 (delivered or lost). */
  renewals: number;
  /** Refresh grants the server refused (401): the session ended. Never on a line that only loses and delays. */
  renewalsRefused: number;
  /** Token calls a fault met (lost after the server answered, or 503 before it). */
  faulted: number;
}

export interface DraftTraffic {
  /** Payment calls that named this draft, whatever became of them. */
  requests: number;
  /** Calls a fault met (a lost answer or a 503) or the server refused for want of a session (401). */
  failed: number;
  /** Answers the browser actually received with a 2xx. */
  delivered2xx: number;
  /** Answers the server gave with a 2xx (delivered or lost). */
  server2xx: number;
  /** Most requests for this draft in flight at the same moment. */
  maxInFlight: number;
  inFlight: number;
}

export interface FaultCounts {
  /** Every request that went through (assets, token calls, reads and payment calls). */
  forwarded: number;
  paymentCalls: number;
  lostAnswers: number;
  unavailable: number;
  expiries: number;
  /** Payment calls the server answered 401 (the expired session, before the user signed in again). */
  unauthorized: number;
  /** Most payment calls in flight at the same moment, all drafts together. */
  maxInFlight: number;
  byDraft: Map<string, DraftTraffic>;
  /** Calls other than payment calls that met a fault (scope 'calls'). */
  otherFaults: number;
  /** Calls of any kind the server answered 401 (a token that expired or a session that ended). */
  all401: number;
  token: TokenTraffic;
}

export interface FaultProxy {
  url: string;
  counts: FaultCounts;
  /** Faults on (the plan) or off (everything forwarded as is); counting goes on either way. */
  setFaults(on: boolean): void;
  /** Payment calls in flight right now. */
  inFlight(): number;
  /** Arms the session expiry for the next payment call (in addition to `expireSessionAt`). */
  expireSessionNext(): void;
  stop(): Promise<void>;
}

/** mulberry32: small, fast, good enough for a fault draw, and the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A call of the API, as opposed to the portal's own files: anything but a GET of a page (the browser asks
 * for HTML), of a file with an extension, or of the built assets.
 */
export function isApiCall(method: string, url: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return true;
  const path = url.split('?')[0] ?? '';
  if (accept?.includes('text/html')) return false;
  if (path === '/' || path.startsWith('/assets/') || path.startsWith('/icons/')) return false;
  return !/\.[a-z0-9]+$/i.test(path);
}

/** What happens to one payment call. */
export type FaultDecision = 'forward' | 'lose-answer' | 'unavailable';

/** The draw for one payment call: [0, lost) loses the answer, [lost, lost + unavailable) is a 503. */
export function decideFault(random: number, plan: Pick<FaultPlan, 'lostAnswerShare' | 'unavailableShare'>): FaultDecision {
  if (random < plan.lostAnswerShare) return 'lose-answer';
  if (random < plan.lostAnswerShare + plan.unavailableShare) return 'unavailable';
  return 'forward';
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function draftIdOf(body: Buffer): string | null {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { draftId?: unknown };
    return typeof parsed.draftId === 'string' ? parsed.draftId : null;
  } catch {
    return null;
  }
}

interface Upstream {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

function forward(target: URL, req: IncomingMessage, body: Buffer): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (res) => {
        readBody(res).then((answer) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: answer }), reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

function reply(res: ServerResponse, answer: Upstream): void {
  const headers = { ...answer.headers };
  // The body was read whole (and decoded by nobody): its length is known, chunking is not needed.
  delete headers['transfer-encoding'];
  delete headers['connection'];
  headers['content-length'] = String(answer.body.length);
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

/** Revokes the whole session of `authorization`'s access token on the server (RFC 7009). */
async function revokeSession(target: URL, authorization: string | undefined, client: FaultPlan['client']): Promise<boolean> {
  if (!authorization?.startsWith('Bearer ') || !client) return false;
  const res = await fetch(new URL('/oauth/revoke', target), {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ token: authorization.slice('Bearer '.length) }).toString(),
  });
  return res.ok;
}

export async function startFaultProxy(targetUrl: string, plan: FaultPlan): Promise<FaultProxy> {
  const target = new URL(targetUrl);
  const random = seededRandom(plan.seed);
  let faults = true;
  let expireNext = false;
  let inFlight = 0;
  const counts: FaultCounts = {
    forwarded: 0,
    paymentCalls: 0,
    lostAnswers: 0,
    unavailable: 0,
    expiries: 0,
    unauthorized: 0,
    maxInFlight: 0,
    byDraft: new Map(),
    otherFaults: 0,
    all401: 0,
    token: { signIns: 0, renewals: 0, renewalsRefused: 0, faulted: 0 },
  };
  const sockets = new Set<Socket>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    counts.forwarded += 1;
    const isPaymentCall = req.method === 'POST' && PAYMENT_CALL.test(req.url ?? '');
    if (!isPaymentCall) {
      const faultable = plan.scope === 'calls' && isApiCall(req.method ?? 'GET', req.url ?? '/', req.headers.accept);
      const decision = faultable ? decideFault(random(), plan) : 'forward';
      const tokenCall = req.method === 'POST' && (req.url ?? '').startsWith('/oauth/token');
      const grant = tokenCall ? new URLSearchParams(body.toString('utf8')).get('grant_type') : null;
      if (faults && decision === 'unavailable') {
        counts.otherFaults += 1;
        if (tokenCall) counts.token.faulted += 1;
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'The service is unavailable', invalidParameters: [], traceId: 'fault-proxy' }));
        return;
      }
      const answer = await forward(target, req, body);
      if (answer.status === 401) counts.all401 += 1;
      if (grant === 'password' && answer.status === 200) counts.token.signIns += 1;
      if (grant === 'refresh_token' && answer.status === 200) counts.token.renewals += 1;
      if (grant === 'refresh_token' && answer.status === 401) counts.token.renewalsRefused += 1;
      if (faults && decision === 'lose-answer') {
        counts.otherFaults += 1;
        if (tokenCall) counts.token.faulted += 1;
        req.socket.destroy();
        return;
      }
      reply(res, answer);
      return;
    }
    counts.paymentCalls += 1;
    const draftId = draftIdOf(body) ?? '(none)';
    const traffic = counts.byDraft.get(draftId) ?? { requests: 0, failed: 0, delivered2xx: 0, server2xx: 0, maxInFlight: 0, inFlight: 0 };
    counts.byDraft.set(draftId, traffic);
    traffic.requests += 1;
    traffic.inFlight += 1;
    traffic.maxInFlight = Math.max(traffic.maxInFlight, traffic.inFlight);
    inFlight += 1;
    counts.maxInFlight = Math.max(counts.maxInFlight, inFlight);
    try {
      if (faults && (expireNext || counts.paymentCalls === plan.expireSessionAt)) {
        expireNext = false;
        if (await revokeSession(target, req.headers.authorization, plan.client)) counts.expiries += 1;
      }
      // Drawn for every payment call, faults on or off, so a seed gives the same sequence.
      const decision = decideFault(random(), plan);
      if (faults && decision === 'unavailable') {
        counts.unavailable += 1;
        traffic.failed += 1;
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'The service is unavailable', invalidParameters: [], traceId: 'fault-proxy' }));
        return;
      }
      const answer = await forward(target, req, body);
      const ok = answer.status >= 200 && answer.status < 300;
      if (ok) traffic.server2xx += 1;
      if (answer.status === 401) counts.all401 += 1;
      if (answer.status === 401) {
        counts.unauthorized += 1;
        traffic.failed += 1;
      }
      if (faults && decision === 'lose-answer') {
        // The server committed it; the browser never hears so.
        counts.lostAnswers += 1;
        if (answer.status !== 401) traffic.failed += 1;
        req.socket.destroy();
        return;
      }
      if (ok) traffic.delivered2xx += 1;
      reply(res, answer);
    } finally {
      traffic.inFlight -= 1;
      inFlight -= 1;
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setFaults(on) {
      faults = on;
    },
    inFlight: () => inFlight,
    expireSessionNext() {
      expireNext = true;
    },
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
