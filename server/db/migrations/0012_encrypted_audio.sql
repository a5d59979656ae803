CREATE TABLE "media_content_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_content_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"key_id" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_types" ADD COLUMN "encrypt_audio" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media_objects" ADD COLUMN "content_key_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "encrypt_audio" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media_content_keys" ADD CONSTRAINT "media_content_keys_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_content_keys_task_idx" ON "media_content_keys" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "media_content_keys_key_id_idx" ON "media_content_keys" USING btree ("key_id");--> statement-breakpoint
ALTER TABLE "media_objects" ADD CONSTRAINT "media_objects_content_key_id_media_content_keys_id_fk" FOREIGN KEY ("content_key_id") REFERENCES "public"."media_content_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_objects_content_key_idx" ON "media_objects" USING btree ("content_key_id");