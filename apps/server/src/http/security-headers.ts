import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The portal's Content-Security-Policy: its own scripts only (no inline script, no eval), never framed.
 * Inline styles stay allowed: React's style attributes and the API reference page need them.
 * No `upgrade-insecure-requests`: the demo serves plain http on 127.0.0.1.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Security headers on every answer (@fastify/helmet); HSTS only when the answer travels over TLS. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // A Strict-Transport-Security header over plain http is ignored at best; over TLS it is set below.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
