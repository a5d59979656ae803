CREATE TABLE "gold_answers" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"expected" jsonb NOT NULL,
	"set_by_id" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_stops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quality_stops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"task_type_id" integer NOT NULL,
	"stopped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accuracy" double precision NOT NULL,
	"gold_answers" integer NOT NULL,
	"released_by_id" integer,
	"released_at" timestamp with time zone,
	CONSTRAINT "quality_stops_accuracy_check" CHECK ("quality_stops"."accuracy" between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "task_types" ADD COLUMN "gold_share" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_types" ADD COLUMN "gold_text_max_cer" double precision DEFAULT 0.1 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_types" ADD COLUMN "gold_window" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_types" ADD COLUMN "min_gold_accuracy" double precision;--> statement-breakpoint
ALTER TABLE "task_types" ADD COLUMN "min_gold_answers" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "task_types" ADD COLUMN "min_seconds_per_item" double precision;--> statement-breakpoint
ALTER TABLE "annotations" ADD COLUMN "gold_score" double precision;--> statement-breakpoint
ALTER TABLE "annotations" ADD COLUMN "gold_correct" boolean;--> statement-breakpoint
ALTER TABLE "annotations" ADD COLUMN "quality_flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "dumps" ADD COLUMN "include_gold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dumps" ADD COLUMN "aggregate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "is_gold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gold_answers" ADD CONSTRAINT "gold_answers_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gold_answers" ADD CONSTRAINT "gold_answers_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_stops" ADD CONSTRAINT "quality_stops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_stops" ADD CONSTRAINT "quality_stops_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_stops" ADD CONSTRAINT "quality_stops_released_by_id_users_id_fk" FOREIGN KEY ("released_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quality_stops_user_type_idx" ON "quality_stops" USING btree ("user_id","task_type_id");--> statement-breakpoint
CREATE INDEX "items_task_gold_idx" ON "items" USING btree ("task_id","position") WHERE "items"."is_gold";--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_gold_share_check" CHECK ("task_types"."gold_share" between 0 and 50);--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_gold_text_max_cer_check" CHECK ("task_types"."gold_text_max_cer" between 0 and 1);--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_gold_window_check" CHECK ("task_types"."gold_window" >= 1);--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_min_gold_accuracy_check" CHECK ("task_types"."min_gold_accuracy" between 0 and 1);--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_min_gold_answers_check" CHECK ("task_types"."min_gold_answers" >= 1);--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_min_seconds_per_item_check" CHECK ("task_types"."min_seconds_per_item" > 0);