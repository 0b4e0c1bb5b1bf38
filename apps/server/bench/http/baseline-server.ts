/**
 * The yardstick of the read bench: the least a server can do for the same answers. Bare Fastify (no
 * logging, no plugins) and a `pg` Pool of the same size as Corridor's, running hand-written SQL as
 * named (prepared) statements: the token is verified with the key imported once, the user is read
 * joined to its live session (as Corridor does), then one statement per call. The JSON is the same
 * byte for byte: the pure answer builders of `src/` turn the rows into it (a test compares the bodies).
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { Dec, type DecimalValue } from '@corridor/domain';
import { currentUserOf, type UserRow } from '../../src/users/user-dto.ts';
import { walletAnswer, positionOf, type PositionRow } from '../../src/wallets/wallet-dto.ts';
import type { WalletRow } from '../../src/wallets/wallet-types.ts';

export interface BaselineOptions {
  databaseUrl: string;
  jwtSecret: string;
  /** What the activity page runs on Corridor (recorded by the bench): replayed as named statements. */
  activityStatements?: Array<{ sql: string; params: unknown[] }>;
}

export interface Baseline {
  app: FastifyInstance;
  close: () => Promise<void>;
}

const USER = `
  select u.id, u.digit9_id as "digit9Id", u.name, u.email, u.phone, u.country, u.role, u.org_id as "orgId",
         u.password_hash as "passwordHash", u.failed_attempts as "failedAttempts", u.locked_until as "lockedUntil",
         u.status, u.time_zone as "timeZone", u.last_login_at as "lastLoginAt", u.created_by as "createdBy", u.created_at as "createdAt", u.updated_at as "updatedAt"
    from users u join sessions s on s.id = $2 and s.user_id = u.id and s.revoked_at is null
   where u.id = $1`;

const WALLETS = `
  select w.id, w.alias, w.wallet_account_number as "walletAccountNumber", w.type, w.status,
         w.service_provider_id as "serviceProviderId", w.merchant_service_id as "merchantServiceId",
         w.currency_code as "currencyCode", w.country_code as "countryCode", w.bank_code as "bankCode",
         w.bank_account_id as "bankAccountId", w.iban, w.bic, w.sp_wallet_id as "spWalletId",
         w.account_category_id as "accountCategoryId", w.covering_model as "coveringModel", w.pricing_model as "pricingModel",
         w.is_dipping_allowed as "isDippingAllowed", w.dipped_wallet_id as "dippedWalletId",
         w.linked_wallet_tsp_id as "linkedWalletTspId", w.vpa, w.status_changed_by as "statusChangedBy",
         w.status_changed_at as "statusChangedAt", w.status_reason as "statusReason", w.ledger_code as "ledgerCode",
         w.created_by as "createdBy", w.created_at as "createdAt", w.updated_at as "updatedAt",
         cur.country_code as "currencyCountry", co.name as "countryName", b.name as "bankName",
         sp.name as "serviceProviderName", m.name as "merchantName",
         p.wallet_id as "p_walletId", p.balance as "p_balance", p.reserve as "p_reserve", p.merchant_reserve as "p_merchantReserve",
         p.open_position as "p_openPosition", p.pending_authorization as "p_pendingAuthorization", p.credit_limit as "p_creditLimit",
         p.credit_reserve as "p_creditReserve", p.merchant_credit_reserve as "p_merchantCreditReserve", p.updated_at as "p_updatedAt", p.balance_lines as "p_balanceLines",
         count(*) over () as total
    from wallets w
    left join currencies cur on cur.code = w.currency_code
    left join countries co on co.code = w.country_code
    left join banks b on b.code = w.bank_code
    left join organisations sp on sp.id = w.service_provider_id
    left join organisations m on m.id = w.merchant_service_id
    left join wallet_positions p on p.wallet_id = w.id`;

const POSITION = `
  select w.id, w.currency_code as "currencyCode", w.created_at as "createdAt", w.updated_at as "updatedAt",
         p.wallet_id as "p_walletId", p.balance as "p_balance", p.reserve as "p_reserve", p.merchant_reserve as "p_merchantReserve",
         p.open_position as "p_openPosition", p.pending_authorization as "p_pendingAuthorization", p.credit_limit as "p_creditLimit",
         p.credit_reserve as "p_creditReserve", p.merchant_credit_reserve as "p_merchantCreditReserve", p.updated_at as "p_updatedAt", p.balance_lines as "p_balanceLines"
    from wallets w left join wallet_positions p on p.wallet_id = w.id
   where w.id = $1 and w.merchant_service_id = $2`;

type JoinedRow = WalletRow & {
  currencyCountry: string | null;
  countryName: string | null;
  bankName: string | null;
  serviceProviderName: string | null;
  merchantName: string | null;
  total: string;
} & Record<`p_${string}`, unknown>;

function positionRow(row: JoinedRow): PositionRow | null {
  if (row.p_walletId === null) return null;
  return {
    walletId: row.p_walletId as string,
    balance: row.p_balance as string,
    reserve: row.p_reserve as string,
    merchantReserve: row.p_merchantReserve as string,
    openPosition: row.p_openPosition as string,
    pendingAuthorization: row.p_pendingAuthorization as string,
    creditLimit: row.p_creditLimit as string,
    creditReserve: row.p_creditReserve as string,
    merchantCreditReserve: row.p_merchantCreditReserve as string,
    updatedAt: row.p_updatedAt as Date | null,
    balanceLines: row.p_balanceLines as number,
  };
}

/** The latest served rate of each currency in USD, read once: the least a server valuing positions can do. */
async function servedRates(pool: pg.Pool): Promise<Map<string, DecimalValue>> {
  const { rows } = await pool.query<{ currency: string; mid: string }>(
    `select distinct on (source_currency) source_currency as currency, mid from rate_history
     where rate_type = 'MARKET' and target_currency = 'USD' order by source_currency, as_of desc`,
  );
  return new Map([['USD', new Dec(1)], ...rows.map((r): [string, DecimalValue] => [r.currency, new Dec(r.mid)])]);
}

/**
 * The least sign-in check a server can make, as Corridor's: the bearer token verified with the key
 * imported once (jose would import raw bytes again on every verification), then the user read joined
 * to its live session. Null when the caller is not signed in. The minimal write servers use it too.
 */
export async function minimalSignIn(pool: pg.Pool, jwtSecret: string): Promise<(authorization: string | undefined) => Promise<UserRow | null>> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(jwtSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  return async (authorization) => {
    try {
      const { payload } = await jwtVerify((authorization ?? '').slice(7), key, { algorithms: ['HS256'] });
      const { rows } = await pool.query<UserRow>({ name: 'b_user', text: USER, values: [payload.sub, payload.sid] });
      if (rows[0]?.status === 'ACTIVE') return rows[0];
    } catch {
      // not signed in
    }
    return null;
  };
}

export async function startBaseline(options: BaselineOptions): Promise<Baseline> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
  const signIn = await minimalSignIn(pool, options.jwtSecret);
  const rates = await servedRates(pool);
  const answer = (row: JoinedRow, withPosition: boolean) => walletAnswer(row, row, positionRow(row), withPosition, rates);
  const app = Fastify({ logger: false });

  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<UserRow | null> {
    const user = await signIn(request.headers.authorization);
    if (user) return user;
    await reply.status(401).send({ code: 'UNAUTHORIZED' });
    return null;
  }

  app.get('/users/me', async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    return currentUserOf(user, new Date());
  });

  app.get('/v1/merchant/wallets', async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const query = request.query as { page?: string; size?: string };
    const page = Number(query.page ?? 0);
    const size = Number(query.size ?? 20);
    const { rows } = await pool.query<JoinedRow>({
      name: 'b_wallet_page',
      text: `${WALLETS} where w.merchant_service_id = $1 order by w.alias asc, w.id asc limit $2 offset $3`,
      values: [user.orgId, size, page * size],
    });
    const total = Number(rows[0]?.total ?? 0);
    return { content: rows.map((row) => answer(row, false)), page, size, totalElements: total, totalPages: Math.ceil(total / size) };
  });

  app.get('/v1/merchant/wallets/:id', async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const { id } = request.params as { id: string };
    const { rows } = await pool.query<JoinedRow>({
      name: 'b_wallet',
      text: `${WALLETS} where w.id = $1 and w.merchant_service_id = $2`,
      values: [id, user.orgId],
    });
    const row = rows[0];
    if (!row) return reply.status(404).send({ code: 'NOT_FOUND' });
    return answer(row, true);
  });

  app.get('/v1/merchant/wallets/position/:id', async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    const { id } = request.params as { id: string };
    // A position shows no names: the wallet's own columns it values and its position, no other join.
    const { rows } = await pool.query<JoinedRow>({
      name: 'b_position',
      text: POSITION,
      values: [id, user.orgId],
    });
    const row = rows[0];
    if (!row) return reply.status(404).send({ code: 'NOT_FOUND' });
    return positionOf(row, positionRow(row) ?? undefined, rates);
  });

  const activity = options.activityStatements ?? [];
  app.get('/v1/merchant/wallets/activity', async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!user) return reply;
    // The same statements Corridor ran for this page, named; the rows are sent as they come.
    const results = await Promise.all(activity.map((s, i) => pool.query({ name: `b_activity_${i}`, text: s.sql, values: s.params })));
    return { content: results[0]?.rows ?? [], totals: results.slice(1).map((r) => r.rows) };
  });

  return {
    app,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
