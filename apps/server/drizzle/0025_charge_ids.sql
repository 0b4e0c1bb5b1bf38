-- One scheme of charge ids (src/charges/charge-id.ts): `<row id>-M<position>`, the position counted from 1.
-- Rebate and FX premium settlements took a transfer's merchant charge line as `<row id>:<index from 0>`; their
-- settlement items and item ids are rewritten to the charges' own ids, so a charge shows the settlement that took it.
UPDATE "settlement_items" SET "item_key" = 'CHARGE:' || old.m[1] || '-M' || (old.m[2]::int + 1)::text
FROM (SELECT "item_key" AS k, regexp_match("item_key", '^CHARGE:(.*):([0-9]+)$') AS m FROM "settlement_items") old
WHERE "settlement_items"."item_key" = old.k AND old.m IS NOT NULL;
--> statement-breakpoint
UPDATE "settlements" SET "item_ids" = (
	SELECT coalesce(jsonb_agg(CASE WHEN x.m IS NULL THEN to_jsonb(e.v) ELSE to_jsonb(x.m[1] || '-M' || (x.m[2]::int + 1)::text) END ORDER BY e.n), '[]'::jsonb)
	FROM jsonb_array_elements_text("settlements"."item_ids") WITH ORDINALITY AS e(v, n)
	CROSS JOIN LATERAL (SELECT regexp_match(e.v, '^(.*):([0-9]+)$') AS m) x
)
WHERE "type" IN ('REBATE', 'FX_PREMIUM');
