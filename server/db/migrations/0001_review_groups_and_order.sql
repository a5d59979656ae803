DROP INDEX "review_items_task_status_idx";--> statement-breakpoint
ALTER TABLE "endworker_groups" ADD COLUMN "reviewed_by_group_id" integer;--> statement-breakpoint
ALTER TABLE "endworker_groups" ADD CONSTRAINT "endworker_groups_reviewed_by_group_id_endworker_groups_id_fk" FOREIGN KEY ("reviewed_by_group_id") REFERENCES "public"."endworker_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_items_task_status_idx" ON "review_items" USING btree ("task_id","status","generated_at");