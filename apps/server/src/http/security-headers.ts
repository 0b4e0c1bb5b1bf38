import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerConfig } from '../config.ts';

/**
 * The portal's Content-Security-Policy. Scripts only from our origin (the build has no inline
 * script), no framing (clickjacking on approval buttons), no plugins, forms and base URLs pinned to us.
 * Styles allow 'unsafe-inline' because Radix's scroll lock injects a <style> element; style cannot
 * run code. `blob:`/`data:` images are the print view's and the icons'. The document viewer shows a PDF
 * the portal downloaded in a `blob:` frame (the portal's own bytes, typed PDF by the portal): only blob frames.
 */
const PORTAL_CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  frameSrc: ['blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} as const;

/** `/docs` (the API reference bundle) needs inline styles and its own worker; still no framing. */
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

/**
 * Helmet's options. HSTS is sent only when Corridor is reached over TLS (its public URL is https):
 * over plain http a browser ignores it, and on a developer's 127.0.0.1 it would pin the host to
 * https for a year.
 */
function helmetOptions(config: Pick<ServerConfig, 'publicUrl'>): HelmetOptions {
  const tls = config.publicUrl.startsWith('https:');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { ...PORTAL_CSP, upgradeInsecureRequests: tls ? [] : null } },
    strictTransportSecurity: tls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    // The portal loads nothing cross-origin; COEP would only break the reference page's fonts.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The security headers every answer carries, worked out once by helmet at start. They depend only on
 * the configuration (no per-request nonce), and building them per request (what the Fastify plugin
 * does: it re-parses the policy on every call) cost 4 % of a signed-in read's time.
 */
export function securityHeaders(config: Pick<ServerConfig, 'publicUrl'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(helmetOptions(config))({} as IncomingMessage, response as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not answer at once: its headers cannot be worked out at start');
  return headers;
}
