-- The order of ledger lines as posted, inside the ids PostgreSQL makes for them (ledger-service.ts, LINE_ID_SQL): a
-- post takes the next value while it holds its wallets' locks, so a wallet's lines are in id order even when two posts
-- fall in one millisecond of the clock (PGlite's clock counts milliseconds only).
CREATE SEQUENCE IF NOT EXISTS "voucher_line_order" AS bigint;
