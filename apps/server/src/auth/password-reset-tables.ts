import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Reset links of forgot password, as sha256 of their token: single use, short-lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Mail to send (a relay picks it up; the demo start also logs it). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [index('mail_outbox_user_idx').on(t.userId)],
);
