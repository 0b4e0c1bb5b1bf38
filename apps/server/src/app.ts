import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { v7 as uuidv7 } from 'uuid';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/database.ts';
import { compareSqlTextWithDrizzle } from './db/sql-text.ts';
import { AppError } from './errors.ts';
import { CacheRegistry } from './cache/named-cache.ts';
import { createTokenService } from './auth/tokens.ts';
import { authenticate } from './auth/authenticate.ts';
import { checkFilterIds } from './organisations/filter-ids.ts';
import { errorBody, handleError, handleFrameworkError } from './http/error-body.ts';
import { verifyPassword } from './lib/passwords.ts';
import { registerRateLimits } from './auth/rate-limits.ts';
import { Registrar, type CallRegistrar } from './http/registrar.ts';
import type { AppServices } from './http/services.ts';
import { openApiDocument } from './http/openapi.ts';
import { docsPage } from './http/docs-page.ts';
import { errorSerializer, redactSecrets, requestSerializer } from './http/log-redaction.ts';
import { CompletionLog } from './http/request-log.ts';
import { securityHeaders, DOCS_CSP } from './http/security-headers.ts';
import { guardRequestInput } from './http/input-guard.ts';
import { registerAuthRoutes } from './auth/auth-routes.ts';
import { registerIdentityRoutes } from './auth/identity-routes.ts';
import { registerUserRoutes } from './users/user-routes.ts';
import { registerFileRoutes } from './files/file-routes.ts';
import { registerReferenceRoutes } from './reference/reference-routes.ts';
import { registerInternalRoutes } from './internal/internal-routes.ts';
import { registerOrganisationRoutes } from './organisations/organisation-routes.ts';
import { registerMerchantWalletRoutes } from './wallets/merchant-wallet-routes.ts';
import { registerSpWalletRoutes } from './wallets/sp-wallet-routes.ts';
import { registerInternalWalletRoutes } from './wallets/internal-wallet-routes.ts';
import { registerCreditRoutes } from './credit/credit-routes.ts';
import { registerLedgerRoutes } from './ledger/ledger-routes.ts';
import { registerReportRoutes } from './ledger/report-routes.ts';
import { registerExportRoutes } from './exports/export-routes.ts';
import { registerStatementExportRoutes } from './exports/statement-export-routes.ts';
import { registerRecordRoutes } from './ledger/record-routes.ts';
import { registerFeeRoutes } from './fees/fee-routes.ts';
import { registerPricingConfigRoutes } from './pricing-config/pricing-config-routes.ts';
import { registerRateRoutes } from './rates/rate-routes.ts';
import { registerQuoteRoutes } from './quotes/quote-routes.ts';
import { registerRevaluationRateRoutes } from './revaluation-rates/revaluation-routes.ts';
import { registerBeneficiaryRoutes } from './beneficiaries/beneficiary-routes.ts';
import { registerPaymentRoutes } from './payments/payment-area.ts';
import { registerTransactionRoutes } from './transactions/transaction-area.ts';
import { registerChargeRoutes } from './charges/charge-routes.ts';
import { registerSettlementRoutes } from './settlements/settlement-routes.ts';
import { registerReconciliationRoutes } from './reconciliation/reconciliation-routes.ts';
import { registerMerchantProfileRoutes } from './merchant-profiles/merchant-profile-routes.ts';
import { registerDealPositionRoutes } from './deal-positions/deal-position-routes.ts';
import { registerNotificationRoutes } from './notifications/notification-routes.ts';
import { registerPartnerRoutes } from './partners/partner-routes.ts';
import { FileStorage } from './lib/file-storage.ts';
import { registerBankCallbackRoutes } from './payout/bank-callback-routes.ts';
import { registerPayoutOpsRoutes } from './payout/payout-ops-routes.ts';
import { guardBankCallbacks } from './payout/bank-signature.ts';
import { DIRECTORY_START_PATH, registerDirectorySignIn } from './auth/directory/directory-routes.ts';
import { mountDemoIdp } from './auth/directory/demo-idp.ts';

export interface BuildServerOptions {
  db: Db;
  config: ServerConfig;
  /** pino options, or false for silent tests. */
  logger?: boolean | Record<string, unknown>;
  /** Under CORRIDOR_WORKERS: this process's number, sent as `Corridor-Worker` so an operator sees which answered. */
  workerNumber?: number | null;
}

export interface CorridorServer {
  app: FastifyInstance;
  services: AppServices;
  servedCallIds: () => string[];
}

function registerAllRoutes(r: CallRegistrar): void {
  registerAuthRoutes(r);
  registerIdentityRoutes(r);
  registerUserRoutes(r);
  registerFileRoutes(r);
  registerReferenceRoutes(r);
  registerInternalRoutes(r);
  registerOrganisationRoutes(r);
  registerMerchantWalletRoutes(r);
  registerSpWalletRoutes(r);
  registerInternalWalletRoutes(r);
  registerCreditRoutes(r);
  registerLedgerRoutes(r);
  registerReportRoutes(r);
  registerStatementExportRoutes(r);
  registerExportRoutes(r);
  registerRecordRoutes(r);
  registerFeeRoutes(r);
  registerPricingConfigRoutes(r);
  registerRateRoutes(r);
  registerQuoteRoutes(r);
  registerRevaluationRateRoutes(r);
  registerBeneficiaryRoutes(r);
  registerBankCallbackRoutes(r);
  registerPayoutOpsRoutes(r);
  registerPaymentRoutes(r);
  registerTransactionRoutes(r);
  registerChargeRoutes(r);
  registerSettlementRoutes(r);
  registerReconciliationRoutes(r);
  registerMerchantProfileRoutes(r);
  registerDealPositionRoutes(r);
  registerPartnerRoutes(r);
  registerNotificationRoutes(r);
}

/**
 * Call ids of the contract this server answers; every other call is a 404 ROUTE_NOT_FOUND.
 * @internal
 */
export function servedCallIds(): string[] {
  const ids: string[] = [];
  registerAllRoutes({ serve: (id) => void ids.push(id) });
  return ids;
}

/**
 * How long a browser may keep one of the portal's files, by its path in the build (`/` separated or not),
 * whether served as it is or as its build-time `.br` / `.gz` copy. The shell, the service worker and
 * what it imports, the manifest and the translations keep their names from one version to the next: they
 * are always revalidated, or a new version never reaches users. Files under assets/ carry a content hash
 * and never change; the rest (icons) may be kept for an hour.
 */
function portalCacheControl(path: string): string {
  const file = path
    .split(sep)
    .join('/')
    .replace(/\.(br|gz)$/, '');
  if (
    file === 'index.html' ||
    file === 'login.html' ||
    file === 'sw.js' ||
    file === 'sw-api-routes.js' ||
    file.endsWith('.webmanifest') ||
    file.startsWith('assets/i18n/')
  ) {
    return 'no-cache';
  }
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** Upload limit: documents and statements, not media libraries. */
const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const require = createRequire(import.meta.url);

/** The Fastify app with every served call registered; listening is left to the caller. */
export async function buildServer(options: BuildServerOptions): Promise<CorridorServer> {
  const { config, db } = options;
  // Under test, every list text made in one pass is checked against Drizzle's own compile (db/sql-text.ts).
  if (config.checkAnswers) compareSqlTextWithDrizzle(true);
  const logger = options.logger ?? { level: 'info' };
  const app = Fastify({
    logger:
      logger === false
        ? false
        : { ...(logger === true ? {} : logger), serializers: { req: requestSerializer, err: errorSerializer }, formatters: { log: redactSecrets } },
    logController: new CompletionLog(),
    genReqId: () => uuidv7(),
    requestIdHeader: false,
    frameworkErrors: handleFrameworkError,
  });
  const tokens = createTokenService(config.jwtSecret, config.now, config.accessTokenLifetimeSeconds);
  const services: AppServices = {
    db,
    config,
    cache: new CacheRegistry(config.now),
    tokens,
    files: new FileStorage(config.filesDir),
    passwords: { verify: verifyPassword },
    authenticate: (def, request, callDb) => authenticate(def, request, callDb, tokens),
    checkFilterIds,
  };

  const security = securityHeaders(config);
  const worker = options.workerNumber == null ? null : String(options.workerNumber);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(security);
    reply.header('x-trace-id', request.id);
    if (worker !== null) reply.header('corridor-worker', worker);
    done();
  });
  // JSON answers over 1 KB are compressed (brotli or gzip by Accept-Encoding); the portal's files are
  // compressed at build time and served as they are (preCompressed below).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  app.setErrorHandler(handleError);
  app.addHook('preHandler', guardRequestInput);
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 5 } });
  // The portal's refresh token travels in an HttpOnly cookie (auth-routes.ts).
  await app.register(cookie);
  await registerRateLimits(app, config.rateLimits);

  guardBankCallbacks(app, config.bank.callbackSecret, config.now);
  const registrar = new Registrar(app, services);
  registerAllRoutes(registrar);
  registerDirectorySignIn(app, { db, config });
  await mountDemoIdp(app, { db, config, verifyPassword: services.passwords.verify });

  // The directory button goes to this server's OpenID Connect sign-in when a directory is configured.
  const directorySignInUrl = config.directory ? DIRECTORY_START_PATH : config.directorySignInUrl;
  app.get('/portal-config.json', async (_request, reply) => reply.header('cache-control', 'no-cache').send({ version: config.version, directorySignInUrl }));
  app.get('/openapi.json', async () => openApiDocument(registrar.servedCallIds()));
  // The reference page's bundle styles itself inline; it gets its own, looser policy (still no framing).
  app.get('/docs', async (_request, reply) => reply.header('content-security-policy', DOCS_CSP).type('text/html; charset=utf-8').send(docsPage()));
  app.get('/docs/standalone.js', async (_request, reply) => {
    const bundle = await readFile(require.resolve('@scalar/api-reference/browser/standalone.js'));
    return reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(bundle);
  });

  const indexHtml = join(config.pwaDist, 'index.html');
  const hasPwa = existsSync(indexHtml);
  // The login page's own copy of the shell, with the form's markup in it (the portal's build, prerender-login.ts):
  // a first visit's form shows and takes input before the portal's scripts have arrived.
  const loginHtml = join(config.pwaDist, 'login.html');
  const hasLoginHtml = existsSync(loginHtml);
  if (hasPwa) {
    await app.register(fastifyStatic, {
      root: config.pwaDist,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        res.header('cache-control', portalCacheControl(relative(config.pwaDist, path)));
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if (hasPwa && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml) {
      // Client-side routes (/merchant/..., /login) all start from the portal's shell.
      const html = await readFile(hasLoginHtml && request.url.split('?')[0] === '/login' ? loginHtml : indexHtml);
      return reply.status(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }
    const path = request.url.split('?')[0] ?? '';
    const allowed = registrar.methodsFor(path);
    if (allowed.length > 0) {
      const error = new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`);
      return reply.status(error.status).header('allow', allowed.join(', ')).send(errorBody(error, request.id));
    }
    const error = new AppError('ROUTE_NOT_FOUND', `No call ${request.method} ${path}`);
    return reply.status(error.status).send(errorBody(error, request.id));
  });

  return { app, services, servedCallIds: () => registrar.servedCallIds() };
}
