import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One sign-in: access tokens name it (claim `sid`) and are refused once it is revoked. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    clientIp: text('client_ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens of a session, as sha256; rotated ones stay so that their reuse is recognised. */
export const sessionRefreshTokens = pgTable(
  'session_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    replacedBy: text('replaced_by'),
  },
  (t) => [index('session_refresh_tokens_session_idx').on(t.sessionId)],
);

/** Failed sign-ins per ID and client address. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: at('locked_until'),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);
