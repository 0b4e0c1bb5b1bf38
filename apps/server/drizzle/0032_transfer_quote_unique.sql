-- A firm quote prices one transfer: a second transfer on it (a double submit without an Idempotency-Key, or two at
-- once) would book the deal twice at the same rate. The index refuses the second insert whatever the timing, and
-- costs no statement on the way (the create is refused with QUOTE_EXPIRED, naming quoteId).
CREATE UNIQUE INDEX IF NOT EXISTS "transactions_v2_quote_uq" ON "transactions_v2" USING btree ("quote_id") WHERE "quote_id" IS NOT NULL;
