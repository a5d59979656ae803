CREATE TABLE "limiters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "limiters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "limiters_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "protocol_reads" (
	"user_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protocol_reads_user_id_protocol_id_pk" PRIMARY KEY("user_id","protocol_id")
);
--> statement-breakpoint
CREATE TABLE "task_protocols" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_protocols_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lineage_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"serving_type" text DEFAULT 'TXT' NOT NULL,
	"client_group_id" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"diff" text,
	"show_changes_days" integer DEFAULT 0 NOT NULL,
	"author_id" integer,
	"next_version_id" integer,
	CONSTRAINT "task_protocols_serving_type_check" CHECK ("task_protocols"."serving_type" in ('PDF', 'TXT')),
	CONSTRAINT "task_protocols_version_check" CHECK ("task_protocols"."version" >= 1),
	CONSTRAINT "task_protocols_show_changes_days_check" CHECK ("task_protocols"."show_changes_days" between 0 and 365),
	CONSTRAINT "task_protocols_pdf_file_check" CHECK ("task_protocols"."serving_type" <> 'PDF' or "task_protocols"."file_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "task_schemas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_schemas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lineage_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"schema" jsonb NOT NULL,
	"author_id" integer,
	"client_group_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_version_id" integer,
	CONSTRAINT "task_schemas_version_check" CHECK ("task_schemas"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "task_type_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_type_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_type_id" integer NOT NULL,
	"group_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_type_limiters" (
	"task_type_id" integer NOT NULL,
	"limiter_id" integer NOT NULL,
	CONSTRAINT "task_type_limiters_task_type_id_limiter_id_pk" PRIMARY KEY("task_type_id","limiter_id")
);
--> statement-breakpoint
CREATE TABLE "task_type_projects" (
	"task_type_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "task_type_projects_task_type_id_project_id_pk" PRIMARY KEY("task_type_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "task_type_users" (
	"task_type_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"list" text NOT NULL,
	CONSTRAINT "task_type_users_task_type_id_list_user_id_pk" PRIMARY KEY("task_type_id","list","user_id"),
	CONSTRAINT "task_type_users_list_check" CHECK ("task_type_users"."list" in ('whitelist', 'blacklist', 'deputy'))
);
--> statement-breakpoint
CREATE TABLE "task_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"is_fixed_sets" boolean DEFAULT false NOT NULL,
	"annotations_per_item" integer DEFAULT 1 NOT NULL,
	"items_per_set" integer DEFAULT 10 NOT NULL,
	"max_items_per_user_percent" integer DEFAULT 100 NOT NULL,
	"review_enabled" boolean DEFAULT false NOT NULL,
	"review_probability" double precision DEFAULT 0 NOT NULL,
	"review_newcomers_bound" integer DEFAULT 0 NOT NULL,
	"download_enabled" boolean DEFAULT false NOT NULL,
	"archivation_timeout" integer,
	"delete_archived" boolean DEFAULT false NOT NULL,
	"schema_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"default_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_itemset_lock_time" integer,
	"custom_timelogs_merge_threshold" integer,
	"client_group_id" integer NOT NULL,
	"default_project_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"author_id" integer,
	CONSTRAINT "task_types_status_check" CHECK ("task_types"."status" in ('CREATED', 'DRAFT', 'ACTIVE')),
	CONSTRAINT "task_types_annotations_per_item_check" CHECK ("task_types"."annotations_per_item" >= 1),
	CONSTRAINT "task_types_items_per_set_check" CHECK ("task_types"."items_per_set" >= 1),
	CONSTRAINT "task_types_max_items_percent_check" CHECK ("task_types"."max_items_per_user_percent" between 1 and 100),
	CONSTRAINT "task_types_review_probability_check" CHECK ("task_types"."review_probability" between 0 and 1),
	CONSTRAINT "task_types_review_newcomers_check" CHECK ("task_types"."review_newcomers_bound" >= 0),
	CONSTRAINT "task_types_archivation_timeout_check" CHECK ("task_types"."archivation_timeout" >= 0),
	CONSTRAINT "task_types_lock_time_check" CHECK ("task_types"."custom_itemset_lock_time" > 0),
	CONSTRAINT "task_types_merge_threshold_check" CHECK ("task_types"."custom_timelogs_merge_threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "finance_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "finance_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"file_path" text,
	"error" text,
	CONSTRAINT "finance_exports_status_check" CHECK ("finance_exports"."status" in ('PROCESSING', 'FINISHED', 'FAILED')),
	CONSTRAINT "finance_exports_period_check" CHECK ("finance_exports"."period_end" > "finance_exports"."period_start")
);
--> statement-breakpoint
CREATE TABLE "ratio_intervals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ratio_intervals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"ratio" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone,
	"master_file_id" integer,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratio_intervals_ratio_check" CHECK ("ratio_intervals"."ratio" >= 0),
	CONSTRAINT "ratio_intervals_range_check" CHECK ("ratio_intervals"."end_at" > "ratio_intervals"."start_at")
);
--> statement-breakpoint
CREATE TABLE "vsp_master_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vsp_master_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_id" integer NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"loaded_records" integer DEFAULT 0 NOT NULL,
	"loaded_intervals" integer DEFAULT 0 NOT NULL,
	"warnings_count" integer DEFAULT 0 NOT NULL,
	"errors_count" integer DEFAULT 0 NOT NULL,
	"messages" jsonb DEFAULT '{"warnings":[],"errors":[]}'::jsonb NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "vsp_master_files_status_check" CHECK ("vsp_master_files"."status" in ('PROCESSING', 'FINISHED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "vsp_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vsp_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"master_file_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"user_id" integer,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "client_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "client_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "coordination_managed_groups" (
	"coordination_group_id" integer NOT NULL,
	"managed_group_id" integer NOT NULL,
	CONSTRAINT "coordination_managed_groups_coordination_group_id_managed_group_id_pk" PRIMARY KEY("coordination_group_id","managed_group_id")
);
--> statement-breakpoint
CREATE TABLE "endworker_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "endworker_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "endworker_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "endworker_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"task_group" boolean DEFAULT true NOT NULL,
	"review_group" boolean DEFAULT false NOT NULL,
	"coordination_group" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "endworker_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "group_coordinators" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "group_coordinators_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "registration_key_groups" (
	"key_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "registration_key_groups_key_id_group_id_pk" PRIMARY KEY("key_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "approval_languages" (
	"approval_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"is_native" boolean NOT NULL,
	CONSTRAINT "approval_languages_approval_id_language_id_is_native_pk" PRIMARY KEY("approval_id","language_id","is_native")
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"new_main_language_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_id" integer,
	CONSTRAINT "approvals_status_check" CHECK ("approvals"."status" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "endworker_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "endworker_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"survey_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"main_language_id" integer,
	"gender" text,
	"birth_year" integer,
	"availability" integer,
	"approval_id" integer,
	CONSTRAINT "endworker_profiles_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "endworker_profiles_gender_check" CHECK ("endworker_profiles"."gender" in ('male', 'female')),
	CONSTRAINT "endworker_profiles_availability_check" CHECK ("endworker_profiles"."availability" between 0 and 168)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text,
	"status_code" integer NOT NULL,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "instance_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "languages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text NOT NULL,
	"diacritic_signs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "languages_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_failures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by_id" integer,
	CONSTRAINT "password_reset_keys_keyHash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "profile_languages" (
	"profile_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"is_native" boolean NOT NULL,
	CONSTRAINT "profile_languages_profile_id_language_id_is_native_pk" PRIMARY KEY("profile_id","language_id","is_native")
);
--> statement-breakpoint
CREATE TABLE "registration_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "registration_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"key_hash" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accounts_left" integer DEFAULT 1 NOT NULL,
	"deactivate_account" boolean DEFAULT false NOT NULL,
	"is_endworker" boolean DEFAULT true NOT NULL,
	"created_by_id" integer,
	CONSTRAINT "registration_keys_keyHash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"play_on_hover" boolean DEFAULT false NOT NULL,
	"overlapping_playback" boolean DEFAULT false NOT NULL,
	"stt_end_after_no_speech" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"password_hash" text,
	"is_sso_account" boolean DEFAULT false NOT NULL,
	"sso_subject" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"ratio" integer DEFAULT 100 NOT NULL,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	"clause_accepted_at" timestamp with time zone,
	"cookie_policy_accepted_at" timestamp with time zone,
	"anonymized_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "media_objects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_objects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"task_id" integer,
	"storage_key" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"creator_id" integer,
	CONSTRAINT "media_objects_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "media_objects_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "review_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"annotation_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reviewer_id" integer,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"mark" smallint DEFAULT 0 NOT NULL,
	"error_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"is_bonus" boolean DEFAULT false NOT NULL,
	CONSTRAINT "review_items_status_check" CHECK ("review_items"."status" in ('PENDING', 'LOCKED', 'REVIEWED')),
	CONSTRAINT "review_items_mark_check" CHECK ("review_items"."mark" between -1 and 5),
	CONSTRAINT "review_items_error_types_check" CHECK ("review_items"."error_types" <@ array['LEXICAL', 'GRAMMATICAL', 'SPELLING', 'AMBIGUOUS_PROTOCOL', 'PROTOCOL_LACK_OF_CONTEXT', 'PROTOCOL_NOT_FOLLOWED', 'OTHER', 'MISSING_ANNOTATION', 'IMPOSSIBLE_TO_REVIEW', 'WRONG_DATA', 'GENERAL_GUIDE_NOT_FOLLOWED']::text[])
);
--> statement-breakpoint
CREATE TABLE "annotations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "annotations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"item_id" integer NOT NULL,
	"item_set_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_done" boolean DEFAULT false NOT NULL,
	"is_validating" boolean DEFAULT false NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"client_updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dumps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "dumps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"author_id" integer,
	"file_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"error" text,
	"format" text DEFAULT 'jsonl' NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"task_progress" double precision DEFAULT 0 NOT NULL,
	"task_status" text NOT NULL,
	"include_annotation_attachment_uuid" boolean DEFAULT false NOT NULL,
	"include_author_id" boolean DEFAULT false NOT NULL,
	"include_data_ids" boolean DEFAULT false NOT NULL,
	"include_not_done_items" boolean DEFAULT false NOT NULL,
	"include_not_validated_annotations" boolean DEFAULT false NOT NULL,
	"remove_duplicates" boolean DEFAULT false NOT NULL,
	"fill_hidden_fields_with_defaults" boolean DEFAULT false NOT NULL,
	"include_review" boolean DEFAULT false NOT NULL,
	CONSTRAINT "dumps_status_check" CHECK ("dumps"."status" in ('PROCESSING', 'FINISHED', 'FAILED')),
	CONSTRAINT "dumps_format_check" CHECK ("dumps"."format" in ('jsonl', 'csv')),
	CONSTRAINT "dumps_progress_check" CHECK ("dumps"."progress" between 0 and 100),
	CONSTRAINT "dumps_task_status_check" CHECK ("dumps"."task_status" in ('CREATED', 'PROCESSING', 'IN_PROGRESS', 'PAUSED', 'FINISHED', 'ARCHIVED'))
);
--> statement-breakpoint
CREATE TABLE "item_set_items" (
	"item_set_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "item_set_items_item_set_id_item_id_pk" PRIMARY KEY("item_set_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "item_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "item_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"user_id" integer,
	"lock_expiration" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_fixed" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"task_id" integer NOT NULL,
	"item_set_id" integer,
	"position" integer NOT NULL,
	"data" jsonb NOT NULL,
	"data_id" text
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"author_id" integer,
	"task_type_id" integer NOT NULL,
	"project_id" integer,
	"local_parameters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"deadline" timestamp with time zone,
	"base_language_id" integer NOT NULL,
	"target_language_id" integer NOT NULL,
	"settle_target_lang" boolean DEFAULT false NOT NULL,
	"schema_id" integer NOT NULL,
	"protocol_id" integer NOT NULL,
	"is_fixed_sets" boolean DEFAULT false NOT NULL,
	"download_enabled" boolean DEFAULT false NOT NULL,
	"items_per_set" integer DEFAULT 10 NOT NULL,
	"max_items_per_user" integer,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_file_id" integer,
	"processing_error" text,
	"items_total" integer DEFAULT 0 NOT NULL,
	"items_done" integer DEFAULT 0 NOT NULL,
	"annotations_total" integer DEFAULT 0 NOT NULL,
	"annotations_done" integer DEFAULT 0 NOT NULL,
	"annotations_failed" integer DEFAULT 0 NOT NULL,
	"progress" double precision DEFAULT 0 NOT NULL,
	"last_stats_recalculation" timestamp with time zone,
	"last_activity" timestamp with time zone,
	"first_open_position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('CREATED', 'PROCESSING', 'IN_PROGRESS', 'PAUSED', 'FINISHED', 'ARCHIVED')),
	CONSTRAINT "tasks_items_per_set_check" CHECK ("tasks"."items_per_set" >= 1),
	CONSTRAINT "tasks_max_items_per_user_check" CHECK ("tasks"."max_items_per_user" >= 1),
	CONSTRAINT "tasks_progress_check" CHECK ("tasks"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "activity_samples" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"client_uuid" uuid NOT NULL,
	"mouse_moves" integer DEFAULT 0 NOT NULL,
	"mouse_clicks" integer DEFAULT 0 NOT NULL,
	"key_clicks" integer DEFAULT 0 NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"item_set_id" integer,
	"task_id" integer,
	"protocol_id" integer,
	"client_timestamp" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_samples_source_check" CHECK ("activity_samples"."source" in ('TASK', 'PROTOCOL', 'RECORDING', 'PLAYBACK', 'REVIEW', 'FEEDBACK', 'OTHER', 'TRANSITION_TIME')),
	CONSTRAINT "activity_samples_counts_check" CHECK ("activity_samples"."mouse_moves" >= 0 and "activity_samples"."mouse_clicks" >= 0 and "activity_samples"."key_clicks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity_transitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_transitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"client_uuid" uuid NOT NULL,
	"source_event" jsonb NOT NULL,
	"target_event" jsonb NOT NULL,
	"client_timestamp" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_log_intervals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "time_log_intervals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"source_type" text NOT NULL,
	"item_set_id" integer,
	"task_id" integer,
	"protocol_id" integer,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"timelog_type_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_log_intervals_source_type_check" CHECK ("time_log_intervals"."source_type" in ('TASK', 'PROTOCOL', 'RECORDING', 'PLAYBACK', 'REVIEW', 'FEEDBACK', 'OTHER', 'TRANSITION_TIME')),
	CONSTRAINT "time_log_intervals_status_check" CHECK ("time_log_intervals"."status" between 0 and 3),
	CONSTRAINT "time_log_intervals_range_check" CHECK ("time_log_intervals"."end_at" >= "time_log_intervals"."start_at")
);
--> statement-breakpoint
CREATE TABLE "timelog_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timelog_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_bonus_break" boolean DEFAULT false NOT NULL,
	CONSTRAINT "timelog_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "worktime_export_rows" (
	"export_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"worktime_seconds" integer NOT NULL,
	CONSTRAINT "worktime_export_rows_export_id_user_id_pk" PRIMARY KEY("export_id","user_id"),
	CONSTRAINT "worktime_export_rows_seconds_check" CHECK ("worktime_export_rows"."worktime_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "worktime_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "worktime_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"filters" jsonb NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"author_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"file_path" text,
	"error" text,
	CONSTRAINT "worktime_exports_status_check" CHECK ("worktime_exports"."status" in ('PROCESSING', 'FINISHED', 'FAILED')),
	CONSTRAINT "worktime_exports_range_check" CHECK ("worktime_exports"."end_at" > "worktime_exports"."start_at")
);
--> statement-breakpoint
ALTER TABLE "protocol_reads" ADD CONSTRAINT "protocol_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protocol_reads" ADD CONSTRAINT "protocol_reads_protocol_id_task_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."task_protocols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_protocols" ADD CONSTRAINT "task_protocols_client_group_id_client_groups_id_fk" FOREIGN KEY ("client_group_id") REFERENCES "public"."client_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_protocols" ADD CONSTRAINT "task_protocols_file_id_media_objects_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."media_objects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_protocols" ADD CONSTRAINT "task_protocols_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_protocols" ADD CONSTRAINT "task_protocols_next_version_id_task_protocols_id_fk" FOREIGN KEY ("next_version_id") REFERENCES "public"."task_protocols"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schemas" ADD CONSTRAINT "task_schemas_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schemas" ADD CONSTRAINT "task_schemas_client_group_id_client_groups_id_fk" FOREIGN KEY ("client_group_id") REFERENCES "public"."client_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schemas" ADD CONSTRAINT "task_schemas_next_version_id_task_schemas_id_fk" FOREIGN KEY ("next_version_id") REFERENCES "public"."task_schemas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_groups" ADD CONSTRAINT "task_type_groups_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_groups" ADD CONSTRAINT "task_type_groups_group_id_endworker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."endworker_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_limiters" ADD CONSTRAINT "task_type_limiters_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_limiters" ADD CONSTRAINT "task_type_limiters_limiter_id_limiters_id_fk" FOREIGN KEY ("limiter_id") REFERENCES "public"."limiters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_projects" ADD CONSTRAINT "task_type_projects_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_projects" ADD CONSTRAINT "task_type_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_users" ADD CONSTRAINT "task_type_users_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_type_users" ADD CONSTRAINT "task_type_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_schema_id_task_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."task_schemas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_protocol_id_task_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."task_protocols"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_client_group_id_client_groups_id_fk" FOREIGN KEY ("client_group_id") REFERENCES "public"."client_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_default_project_id_projects_id_fk" FOREIGN KEY ("default_project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_types" ADD CONSTRAINT "task_types_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_exports" ADD CONSTRAINT "finance_exports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratio_intervals" ADD CONSTRAINT "ratio_intervals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratio_intervals" ADD CONSTRAINT "ratio_intervals_master_file_id_vsp_master_files_id_fk" FOREIGN KEY ("master_file_id") REFERENCES "public"."vsp_master_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratio_intervals" ADD CONSTRAINT "ratio_intervals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vsp_master_files" ADD CONSTRAINT "vsp_master_files_file_id_media_objects_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."media_objects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vsp_master_files" ADD CONSTRAINT "vsp_master_files_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vsp_records" ADD CONSTRAINT "vsp_records_master_file_id_vsp_master_files_id_fk" FOREIGN KEY ("master_file_id") REFERENCES "public"."vsp_master_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vsp_records" ADD CONSTRAINT "vsp_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_group_id_client_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."client_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_group_members" ADD CONSTRAINT "client_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coordination_managed_groups" ADD CONSTRAINT "coordination_managed_groups_coordination_group_id_endworker_groups_id_fk" FOREIGN KEY ("coordination_group_id") REFERENCES "public"."endworker_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coordination_managed_groups" ADD CONSTRAINT "coordination_managed_groups_managed_group_id_endworker_groups_id_fk" FOREIGN KEY ("managed_group_id") REFERENCES "public"."endworker_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endworker_group_members" ADD CONSTRAINT "endworker_group_members_group_id_endworker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."endworker_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endworker_group_members" ADD CONSTRAINT "endworker_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_coordinators" ADD CONSTRAINT "group_coordinators_group_id_endworker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."endworker_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_coordinators" ADD CONSTRAINT "group_coordinators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_key_groups" ADD CONSTRAINT "registration_key_groups_key_id_registration_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."registration_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_key_groups" ADD CONSTRAINT "registration_key_groups_group_id_endworker_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."endworker_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_languages" ADD CONSTRAINT "approval_languages_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_languages" ADD CONSTRAINT "approval_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_new_main_language_id_languages_id_fk" FOREIGN KEY ("new_main_language_id") REFERENCES "public"."languages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endworker_profiles" ADD CONSTRAINT "endworker_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endworker_profiles" ADD CONSTRAINT "endworker_profiles_main_language_id_languages_id_fk" FOREIGN KEY ("main_language_id") REFERENCES "public"."languages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endworker_profiles" ADD CONSTRAINT "endworker_profiles_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_keys" ADD CONSTRAINT "password_reset_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_keys" ADD CONSTRAINT "password_reset_keys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_languages" ADD CONSTRAINT "profile_languages_profile_id_endworker_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."endworker_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_languages" ADD CONSTRAINT "profile_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_keys" ADD CONSTRAINT "registration_keys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_objects" ADD CONSTRAINT "media_objects_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_objects" ADD CONSTRAINT "media_objects_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_annotation_id_annotations_id_fk" FOREIGN KEY ("annotation_id") REFERENCES "public"."annotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_items" ADD CONSTRAINT "review_items_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_item_set_id_item_sets_id_fk" FOREIGN KEY ("item_set_id") REFERENCES "public"."item_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "annotations" ADD CONSTRAINT "annotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dumps" ADD CONSTRAINT "dumps_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dumps" ADD CONSTRAINT "dumps_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_set_items" ADD CONSTRAINT "item_set_items_item_set_id_item_sets_id_fk" FOREIGN KEY ("item_set_id") REFERENCES "public"."item_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_set_items" ADD CONSTRAINT "item_set_items_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_sets" ADD CONSTRAINT "item_sets_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_sets" ADD CONSTRAINT "item_sets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_item_set_id_item_sets_id_fk" FOREIGN KEY ("item_set_id") REFERENCES "public"."item_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_task_type_id_task_types_id_fk" FOREIGN KEY ("task_type_id") REFERENCES "public"."task_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_base_language_id_languages_id_fk" FOREIGN KEY ("base_language_id") REFERENCES "public"."languages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_target_language_id_languages_id_fk" FOREIGN KEY ("target_language_id") REFERENCES "public"."languages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_schema_id_task_schemas_id_fk" FOREIGN KEY ("schema_id") REFERENCES "public"."task_schemas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_protocol_id_task_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."task_protocols"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_source_file_id_media_objects_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."media_objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_samples" ADD CONSTRAINT "activity_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_samples" ADD CONSTRAINT "activity_samples_item_set_id_item_sets_id_fk" FOREIGN KEY ("item_set_id") REFERENCES "public"."item_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_samples" ADD CONSTRAINT "activity_samples_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_samples" ADD CONSTRAINT "activity_samples_protocol_id_task_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."task_protocols"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_transitions" ADD CONSTRAINT "activity_transitions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_log_intervals" ADD CONSTRAINT "time_log_intervals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_log_intervals" ADD CONSTRAINT "time_log_intervals_item_set_id_item_sets_id_fk" FOREIGN KEY ("item_set_id") REFERENCES "public"."item_sets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_log_intervals" ADD CONSTRAINT "time_log_intervals_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_log_intervals" ADD CONSTRAINT "time_log_intervals_protocol_id_task_protocols_id_fk" FOREIGN KEY ("protocol_id") REFERENCES "public"."task_protocols"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_log_intervals" ADD CONSTRAINT "time_log_intervals_timelog_type_id_timelog_types_id_fk" FOREIGN KEY ("timelog_type_id") REFERENCES "public"."timelog_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worktime_export_rows" ADD CONSTRAINT "worktime_export_rows_export_id_worktime_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."worktime_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worktime_export_rows" ADD CONSTRAINT "worktime_export_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "worktime_exports" ADD CONSTRAINT "worktime_exports_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protocol_reads_protocol_idx" ON "protocol_reads" USING btree ("protocol_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_protocols_lineage_version_key" ON "task_protocols" USING btree ("lineage_id","version");--> statement-breakpoint
CREATE INDEX "task_protocols_client_group_idx" ON "task_protocols" USING btree ("client_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_schemas_lineage_version_key" ON "task_schemas" USING btree ("lineage_id","version");--> statement-breakpoint
CREATE INDEX "task_schemas_client_group_idx" ON "task_schemas" USING btree ("client_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_type_groups_type_group_key" ON "task_type_groups" USING btree ("task_type_id","group_id");--> statement-breakpoint
CREATE INDEX "task_type_groups_group_idx" ON "task_type_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "task_type_projects_project_idx" ON "task_type_projects" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "task_type_users_user_idx" ON "task_type_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "task_types_client_group_idx" ON "task_types" USING btree ("client_group_id");--> statement-breakpoint
CREATE INDEX "task_types_schema_idx" ON "task_types" USING btree ("schema_id");--> statement-breakpoint
CREATE INDEX "task_types_protocol_idx" ON "task_types" USING btree ("protocol_id");--> statement-breakpoint
CREATE INDEX "finance_exports_created_idx" ON "finance_exports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ratio_intervals_user_start_idx" ON "ratio_intervals" USING btree ("user_id","start_at");--> statement-breakpoint
CREATE INDEX "vsp_master_files_created_idx" ON "vsp_master_files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "vsp_records_master_file_idx" ON "vsp_records" USING btree ("master_file_id","row_number");--> statement-breakpoint
CREATE INDEX "vsp_records_user_idx" ON "vsp_records" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "client_group_members_user_idx" ON "client_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "endworker_group_members_user_idx" ON "endworker_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_coordinators_user_idx" ON "group_coordinators" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "approvals_user_idx" ON "approvals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "approvals_status_idx" ON "approvals" USING btree ("status");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_failures_subject_idx" ON "login_failures" USING btree ("subject","failed_at");--> statement-breakpoint
CREATE INDEX "profile_languages_language_idx" ON "profile_languages" USING btree ("language_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_sso_subject_key" ON "users" USING btree ("sso_subject");--> statement-breakpoint
CREATE INDEX "media_objects_task_idx" ON "media_objects" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "media_objects_sha256_idx" ON "media_objects" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "review_items_annotation_key" ON "review_items" USING btree ("annotation_id");--> statement-breakpoint
CREATE INDEX "review_items_task_status_idx" ON "review_items" USING btree ("task_id","status");--> statement-breakpoint
CREATE INDEX "review_items_reviewer_status_idx" ON "review_items" USING btree ("reviewer_id","status");--> statement-breakpoint
CREATE INDEX "review_items_user_reviewed_idx" ON "review_items" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "annotations_item_set_item_key" ON "annotations" USING btree ("item_set_id","item_id");--> statement-breakpoint
CREATE INDEX "annotations_item_idx" ON "annotations" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "annotations_user_idx" ON "annotations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dumps_task_created_idx" ON "dumps" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "item_set_items_item_idx" ON "item_set_items" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "item_sets_task_position_idx" ON "item_sets" USING btree ("task_id","position");--> statement-breakpoint
CREATE INDEX "item_sets_user_lock_idx" ON "item_sets" USING btree ("user_id","lock_expiration");--> statement-breakpoint
CREATE UNIQUE INDEX "items_task_position_key" ON "items" USING btree ("task_id","position");--> statement-breakpoint
CREATE INDEX "items_item_set_idx" ON "items" USING btree ("item_set_id");--> statement-breakpoint
CREATE INDEX "items_task_data_id_idx" ON "items" USING btree ("task_id","data_id");--> statement-breakpoint
CREATE INDEX "tasks_task_type_idx" ON "tasks" USING btree ("task_type_id");--> statement-breakpoint
CREATE INDEX "tasks_status_idx" ON "tasks" USING btree ("status");--> statement-breakpoint
CREATE INDEX "tasks_project_idx" ON "tasks" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_samples_user_client_uuid_key" ON "activity_samples" USING btree ("user_id","client_uuid");--> statement-breakpoint
CREATE INDEX "activity_samples_user_time_idx" ON "activity_samples" USING btree ("user_id","client_timestamp");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_transitions_user_client_uuid_key" ON "activity_transitions" USING btree ("user_id","client_uuid");--> statement-breakpoint
CREATE INDEX "activity_transitions_user_time_idx" ON "activity_transitions" USING btree ("user_id","client_timestamp");--> statement-breakpoint
CREATE INDEX "time_log_intervals_user_start_idx" ON "time_log_intervals" USING btree ("user_id","start_at");--> statement-breakpoint
CREATE INDEX "time_log_intervals_status_idx" ON "time_log_intervals" USING btree ("status");--> statement-breakpoint
CREATE INDEX "time_log_intervals_task_idx" ON "time_log_intervals" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "worktime_exports_created_idx" ON "worktime_exports" USING btree ("created_at");