ALTER TABLE "password_reset_keys" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_keys" ADD COLUMN "coordination_group_id" integer;--> statement-breakpoint
ALTER TABLE "registration_keys" ADD COLUMN "coordination_group_id" integer;--> statement-breakpoint
ALTER TABLE "password_reset_keys" ADD CONSTRAINT "password_reset_keys_coordination_group_id_endworker_groups_id_fk" FOREIGN KEY ("coordination_group_id") REFERENCES "public"."endworker_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_keys" ADD CONSTRAINT "registration_keys_coordination_group_id_endworker_groups_id_fk" FOREIGN KEY ("coordination_group_id") REFERENCES "public"."endworker_groups"("id") ON DELETE cascade ON UPDATE no action;