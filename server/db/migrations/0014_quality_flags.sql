ALTER TABLE "review_items" ADD COLUMN "drawn_for_flags" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "annotations_flagged_set_idx" ON "annotations" USING btree ("item_set_id") WHERE "annotations"."quality_flags" <> '{}';--> statement-breakpoint
CREATE INDEX "annotations_flagged_user_idx" ON "annotations" USING btree ("user_id") WHERE "annotations"."quality_flags" <> '{}';--> statement-breakpoint
CREATE INDEX "activity_samples_user_set_real_idx" ON "activity_samples" USING btree ("user_id","item_set_id","start_at") WHERE "activity_samples"."is_real";--> statement-breakpoint
CREATE INDEX "activity_samples_user_received_idx" ON "activity_samples" USING btree ("user_id","received_at");