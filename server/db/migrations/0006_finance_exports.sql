CREATE TABLE "finance_export_corrections" (
	"export_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"previous_paid_seconds" integer,
	"previous_ratio" integer,
	"previous_weighted_seconds" integer NOT NULL,
	"paid_seconds" integer,
	"ratio" integer,
	"weighted_seconds" integer NOT NULL,
	CONSTRAINT "finance_export_corrections_export_id_user_id_day_pk" PRIMARY KEY("export_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "finance_export_rows" (
	"export_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"work_seconds" integer NOT NULL,
	"paid_bonus_break_seconds" integer NOT NULL,
	"paid_seconds" integer NOT NULL,
	"ratio" integer,
	"weighted_seconds" integer NOT NULL,
	CONSTRAINT "finance_export_rows_export_id_user_id_day_pk" PRIMARY KEY("export_id","user_id","day")
);
--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "date_from" date NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "date_to" date NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "time_zone" text NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "filters" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "progress" real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "work_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "paid_bonus_break_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "paid_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "weighted_seconds" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "users_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "previous_export_id" integer;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD COLUMN "corrections_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "finance_export_corrections" ADD CONSTRAINT "finance_export_corrections_export_id_finance_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."finance_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_export_corrections" ADD CONSTRAINT "finance_export_corrections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_export_rows" ADD CONSTRAINT "finance_export_rows_export_id_finance_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."finance_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_export_rows" ADD CONSTRAINT "finance_export_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "finance_export_rows_user_day_idx" ON "finance_export_rows" USING btree ("user_id","day");--> statement-breakpoint
ALTER TABLE "finance_exports" ADD CONSTRAINT "finance_exports_previous_export_id_finance_exports_id_fk" FOREIGN KEY ("previous_export_id") REFERENCES "public"."finance_exports"("id") ON DELETE set null ON UPDATE no action;