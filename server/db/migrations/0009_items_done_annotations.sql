ALTER TABLE "items" ADD COLUMN "done_annotations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "items_task_done_position_idx" ON "items" USING btree ("task_id","done_annotations","position");--> statement-breakpoint
UPDATE "items" SET "done_annotations" = "done"."count"
FROM (SELECT "item_id", count(*)::int AS "count" FROM "annotations" WHERE "is_done" GROUP BY "item_id") AS "done"
WHERE "done"."item_id" = "items"."id";--> statement-breakpoint
CREATE FUNCTION "items_count_done_annotations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.is_done THEN
    UPDATE items SET done_annotations = done_annotations - 1 WHERE id = OLD.item_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_done THEN
    UPDATE items SET done_annotations = done_annotations + 1 WHERE id = NEW.item_id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "annotations_count_done_insert_delete" AFTER INSERT OR DELETE ON "annotations"
FOR EACH ROW EXECUTE FUNCTION "items_count_done_annotations"();--> statement-breakpoint
CREATE TRIGGER "annotations_count_done_update" AFTER UPDATE OF "is_done", "item_id" ON "annotations"
FOR EACH ROW WHEN (OLD.is_done IS DISTINCT FROM NEW.is_done OR OLD.item_id IS DISTINCT FROM NEW.item_id)
EXECUTE FUNCTION "items_count_done_annotations"();
