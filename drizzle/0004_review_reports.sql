ALTER TABLE "submission_reviews" ADD COLUMN "quality" jsonb;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD COLUMN "ownership" text;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD COLUMN "ownership_github_id" bigint;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "ownership" text;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "ownership_github_id" bigint;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "link_status" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "link_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "link_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "link_first_failure_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "link_last_error" text;--> statement-breakpoint
CREATE INDEX "user_challenges_link_check_idx" ON "user_challenges" USING btree ("link_checked_at" NULLS FIRST) WHERE "user_challenges"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "user_challenges_verified_idx" ON "user_challenges" USING btree ("user_id") WHERE "user_challenges"."status" = 'completed' and "user_challenges"."ownership" = 'verified';--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD CONSTRAINT "submission_reviews_ownership_check" CHECK ("submission_reviews"."ownership" is null or "submission_reviews"."ownership" in ('verified', 'mismatch', 'unverified'));--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_ownership_check" CHECK ("user_challenges"."ownership" is null or "user_challenges"."ownership" in ('verified', 'mismatch', 'unverified'));--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_link_status_check" CHECK ("user_challenges"."link_status" in ('live', 'offline'));--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_link_failures_check" CHECK ("user_challenges"."link_failures" >= 0);--> statement-breakpoint
-- Submissions saved before ownership was recorded get their ownership verdict here; the server decides it for later ones
-- (src/shared/ownership.ts holds the same rule).
UPDATE "user_challenges" AS uc SET
	"ownership" = CASE
		WHEN rtrim(lower(substring(uc."challenge_live" from '^https?://([^/:?#]+)')), '.') = lower(u."username") || '.github.io' THEN 'verified'
		WHEN rtrim(lower(substring(uc."challenge_live" from '^https?://([^/:?#]+)')), '.') = 'github.io'
			OR rtrim(lower(substring(uc."challenge_live" from '^https?://([^/:?#]+)')), '.') LIKE '%.github.io' THEN 'mismatch'
		ELSE 'unverified'
	END,
	"ownership_github_id" = u."github_id"
FROM "users" AS u
WHERE u."id" = uc."user_id" AND btrim(uc."challenge_live") <> '';
