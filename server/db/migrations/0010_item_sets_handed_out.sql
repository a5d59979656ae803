ALTER TABLE "item_sets" ADD COLUMN "items_handed_out" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "item_sets" SET "items_handed_out" = "slots"."count"
FROM (SELECT "item_set_id", count(*)::int AS "count" FROM "item_set_items" GROUP BY "item_set_id") AS "slots"
WHERE "slots"."item_set_id" = "item_sets"."id";--> statement-breakpoint
CREATE FUNCTION "item_sets_count_handed_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE item_sets SET items_handed_out = items_handed_out + 1 WHERE id = NEW.item_set_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "item_set_items_count_handed_out" AFTER INSERT ON "item_set_items"
FOR EACH ROW EXECUTE FUNCTION "item_sets_count_handed_out"();
