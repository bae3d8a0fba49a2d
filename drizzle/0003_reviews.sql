CREATE TABLE "review_breakpoints" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_breakpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer NOT NULL,
	"breakpoint" text NOT NULL,
	"width" integer NOT NULL,
	"capture_key" text NOT NULL,
	"diff_key" text NOT NULL,
	"design_height" integer NOT NULL,
	"capture_height" integer NOT NULL,
	"compared_height" integer NOT NULL,
	"height_ratio" real NOT NULL,
	"raw_mismatch" integer NOT NULL,
	"baseline_mismatch" integer NOT NULL,
	"score" real NOT NULL,
	"failed_fonts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "review_breakpoints_review_breakpoint_key" UNIQUE("review_id","breakpoint"),
	CONSTRAINT "review_breakpoints_breakpoint_check" CHECK ("review_breakpoints"."breakpoint" in ('desktop', 'tablet', 'mobile')),
	CONSTRAINT "review_breakpoints_score_check" CHECK ("review_breakpoints"."score" >= 0 and "review_breakpoints"."score" <= 100)
);
--> statement-breakpoint
CREATE TABLE "review_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_jobs_status_check" CHECK ("review_jobs"."status" in ('queued', 'running', 'done', 'failed', 'dead')),
	CONSTRAINT "review_jobs_attempts_check" CHECK ("review_jobs"."attempts" >= 0 and "review_jobs"."max_attempts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "submission_reviews" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "submission_reviews_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_challenge_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"requested_url" text NOT NULL,
	"final_url" text,
	"error_code" text,
	"error_message" text,
	"versions" jsonb,
	"timings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "submission_reviews_status_check" CHECK ("submission_reviews"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "review_breakpoints" ADD CONSTRAINT "review_breakpoints_review_id_submission_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."submission_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD CONSTRAINT "submission_reviews_user_challenge_id_user_challenges_id_fk" FOREIGN KEY ("user_challenge_id") REFERENCES "public"."user_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_jobs_dedupe_key_idx" ON "review_jobs" USING btree ("dedupe_key") WHERE "review_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "review_jobs_claim_idx" ON "review_jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE INDEX "submission_reviews_user_challenge_idx" ON "submission_reviews" USING btree ("user_challenge_id","created_at" DESC NULLS FIRST);