-- The latest served rate of each currency in the local currency (USD), as wallet figures and USD equivalents value
-- it (valuation-service.ts, currentRateSql): the newest market mid above zero of the pair, quoted either way round
-- (the inverse rounded to 12 places). Kept by the rate history's own triggers, so a read finds a currency's rate by
-- its key where it looked up the history's two ends of the pair, and every server process sees the same figure.
-- The triggers move the count of changes first: that row's lock orders writers of the history, and each statement
-- of a trigger runs on a fresh snapshot, so the later writer recomputes from what the earlier one committed.
CREATE TABLE IF NOT EXISTS "served_rates" (
	"currency_code" text PRIMARY KEY,
	"rate" numeric NOT NULL
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "served_rates_refresh"(codes text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Written only where the figure moved (compared as text: 0.92 and 0.920 are equal numbers but not the same answer),
  -- and removed where no mid above zero is left, so a tick that changes nothing leaves no dead row behind.
  WITH fresh AS (
    SELECT c.code, latest.rate
    FROM unnest(codes) AS c(code)
    LEFT JOIN LATERAL (
      SELECT served.rate FROM (
        (SELECT r."mid" AS rate, r."as_of", r."id" FROM "rate_history" r
          WHERE r."rate_type" = 'MARKET' AND r."mid" > 0 AND r."source_currency" = c.code AND r."target_currency" = 'USD'
          ORDER BY r."as_of" DESC, r."id" DESC LIMIT 1)
        UNION ALL
        (SELECT round(1 / r."mid", 12), r."as_of", r."id" FROM "rate_history" r
          WHERE r."rate_type" = 'MARKET' AND r."mid" > 0 AND r."source_currency" = 'USD' AND r."target_currency" = c.code
          ORDER BY r."as_of" DESC, r."id" DESC LIMIT 1)
      ) served ORDER BY served."as_of" DESC, served."id" DESC LIMIT 1
    ) latest ON true
    WHERE c.code <> 'USD'
  ), gone AS (
    DELETE FROM "served_rates" s USING fresh f WHERE s."currency_code" = f.code AND f.rate IS NULL
  )
  INSERT INTO "served_rates" ("currency_code", "rate")
  SELECT f.code, f.rate FROM fresh f WHERE f.rate IS NOT NULL
  ON CONFLICT ("currency_code") DO UPDATE SET "rate" = excluded."rate"
    WHERE "served_rates"."rate"::text IS DISTINCT FROM excluded."rate"::text;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rate_history_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  codes text[];
BEGIN
  UPDATE "rate_history_changes" SET "changes" = "changes" + 1 WHERE "id" = 1;
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "served_rates";
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    codes := ARRAY(SELECT DISTINCT unnest(ARRAY[n."source_currency", n."target_currency"]) FROM new_rows n WHERE n."rate_type" = 'MARKET');
  ELSIF TG_OP = 'DELETE' THEN
    codes := ARRAY(SELECT DISTINCT unnest(ARRAY[o."source_currency", o."target_currency"]) FROM old_rows o WHERE o."rate_type" = 'MARKET');
  ELSE
    codes := ARRAY(
      SELECT DISTINCT unnest(ARRAY[n."source_currency", n."target_currency"]) FROM new_rows n WHERE n."rate_type" = 'MARKET'
      UNION
      SELECT DISTINCT unnest(ARRAY[o."source_currency", o."target_currency"]) FROM old_rows o WHERE o."rate_type" = 'MARKET'
    );
  END IF;
  IF cardinality(codes) > 0 THEN
    PERFORM "served_rates_refresh"(codes);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS "rate_history_changed" ON "rate_history";--> statement-breakpoint
CREATE TRIGGER "rate_history_inserted" AFTER INSERT ON "rate_history" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "rate_history_changed"();--> statement-breakpoint
CREATE TRIGGER "rate_history_updated" AFTER UPDATE ON "rate_history" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "rate_history_changed"();--> statement-breakpoint
CREATE TRIGGER "rate_history_deleted" AFTER DELETE ON "rate_history" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "rate_history_changed"();--> statement-breakpoint
CREATE TRIGGER "rate_history_truncated" AFTER TRUNCATE ON "rate_history"
	FOR EACH STATEMENT EXECUTE FUNCTION "rate_history_changed"();--> statement-breakpoint
SELECT "served_rates_refresh"(ARRAY(
  SELECT DISTINCT unnest(ARRAY[h."source_currency", h."target_currency"]) FROM "rate_history" h WHERE h."rate_type" = 'MARKET'
));
