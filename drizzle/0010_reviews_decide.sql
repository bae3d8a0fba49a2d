-- Reviews decide the points (docs/product.md §10): a review ends passed or failed. Reviews that ended
-- 'done' before passing meant anything are kept as failed, with a sentence saying why; their scores stay.
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_reason_check";--> statement-breakpoint
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_points_check";--> statement-breakpoint
ALTER TABLE "submission_reviews" DROP CONSTRAINT "submission_reviews_status_check";--> statement-breakpoint
DROP INDEX "user_challenges_verified_idx";--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD COLUMN "purpose" text DEFAULT 'submit' NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD COLUMN "repository_url" text;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD COLUMN "points_awarded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "repository_url" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verification_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD CONSTRAINT "submission_reviews_public_id_unique" UNIQUE("public_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_verification_token_unique" UNIQUE("verification_token");--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_reason_check" CHECK ("points_ledger"."reason" in ('challenge_completed', 'challenge_withdrawn', 'challenge_recompleted'));--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_points_check" CHECK (("points_ledger"."reason" = 'challenge_withdrawn' and "points_ledger"."points" < 0) or ("points_ledger"."reason" <> 'challenge_withdrawn' and "points_ledger"."points" > 0));--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD CONSTRAINT "submission_reviews_purpose_check" CHECK ("submission_reviews"."purpose" in ('submit', 'upgrade'));--> statement-breakpoint
UPDATE "submission_reviews" SET "status" = 'failed', "error_code" = 'outdated', "error_message" = 'This review ran before reviews decided the points; a newer review of this challenge does.' WHERE "status" = 'done';--> statement-breakpoint
ALTER TABLE "submission_reviews" ADD CONSTRAINT "submission_reviews_status_check" CHECK ("submission_reviews"."status" in ('queued', 'running', 'passed', 'failed'));--> statement-breakpoint
-- Work completed before reviews decided the points is reviewed once more (docs/product.md §4): the review
-- workers take these jobs like any other; a failed one withdraws the challenge's points with a ledger entry.
WITH "upgrade" AS (
  INSERT INTO "submission_reviews" ("user_challenge_id", "requested_url", "repository_url", "purpose")
  SELECT "id", trim("challenge_live"), "repository_url", 'upgrade' FROM "user_challenges" WHERE "status" = 'completed'
  RETURNING "id"
)
INSERT INTO "jobs" ("kind", "payload") SELECT 'review', jsonb_build_object('reviewId', "id") FROM "upgrade";
