CREATE TABLE "discarded_files" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"discarded_at" timestamp with time zone DEFAULT now() NOT NULL
);
