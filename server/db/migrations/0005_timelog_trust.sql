DROP INDEX "activity_samples_user_time_idx";--> statement-breakpoint
ALTER TABLE "activity_samples" ADD COLUMN "start_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_samples" ADD COLUMN "end_at" timestamp with time zone NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_samples" ADD COLUMN "clock_offset_ms" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_samples" ADD COLUMN "is_real" boolean NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_samples" ADD COLUMN "pending_reason" text;--> statement-breakpoint
ALTER TABLE "time_log_intervals" ADD COLUMN "pending_reason" text;--> statement-breakpoint
ALTER TABLE "worktime_exports" ADD COLUMN "progress" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "activity_samples_user_start_idx" ON "activity_samples" USING btree ("user_id","start_at");--> statement-breakpoint
ALTER TABLE "activity_samples" ADD CONSTRAINT "activity_samples_pending_reason_check" CHECK ("activity_samples"."pending_reason" is null or "activity_samples"."pending_reason" in ('CLOCK_OFFSET', 'LATE_ARRIVAL'));--> statement-breakpoint
ALTER TABLE "activity_samples" ADD CONSTRAINT "activity_samples_span_check" CHECK ("activity_samples"."end_at" >= "activity_samples"."start_at");--> statement-breakpoint
ALTER TABLE "time_log_intervals" ADD CONSTRAINT "time_log_intervals_pending_reason_check" CHECK ("time_log_intervals"."pending_reason" is null or "time_log_intervals"."pending_reason" in ('CLOCK_OFFSET', 'LATE_ARRIVAL'));