-- A filtered transactions list counts its matches (exact up to 10,000 past the page): a TSP's completed transfers of
-- the last 90 days among 100,000 transactions were counted by reading the whole table (52 ms, a sequential scan). The
-- (created_at, id) index now carries the columns the lists filter on, so the count is an index-only scan of the date
-- range (8.8 ms, no table read) and the page still walks the index in order.
DROP INDEX IF EXISTS "transactions_v2_created";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "transactions_v2_created" ON "transactions_v2" USING btree ("created_at","id") INCLUDE ("service_provider_id","target_sp_id","merchant_id","status","category");
