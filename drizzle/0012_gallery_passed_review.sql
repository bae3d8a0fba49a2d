-- The galleries (docs/product.md §11) read each listed solution's latest passed review from its own row:
-- the review (the newest passed one by created_at, then id), its created_at and its score times ten (the
-- mean of its breakpoint scores, rounded), as the galleries computed them per row before. From now on the
-- transaction that ends a review sets them (src/server/solutions/listing.ts); this fills them for the
-- reviews that ended before. The partial indexes hold the listed solutions only, one per gallery order.
ALTER TABLE "user_challenges" ADD COLUMN "passed_review_id" integer;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "passed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "passed_score10" integer;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_passed_review_id_submission_reviews_id_fk" FOREIGN KEY ("passed_review_id") REFERENCES "public"."submission_reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "user_challenges" uc
SET "passed_review_id" = l."id", "passed_at" = l."created_at", "passed_score10" = l."score10"
FROM (
  SELECT DISTINCT ON (r."user_challenge_id") r."user_challenge_id", r."id", r."created_at",
    coalesce((SELECT round(avg(b."score"::numeric) * 10)::int FROM "review_breakpoints" b
      WHERE b."review_id" = r."id"), 0) AS "score10"
  FROM "submission_reviews" r
  WHERE r."status" = 'passed'
  ORDER BY r."user_challenge_id", r."created_at" DESC, r."id" DESC
) l
WHERE uc."id" = l."user_challenge_id";--> statement-breakpoint
CREATE INDEX "user_challenges_gallery_newest_idx" ON "user_challenges" USING btree ("passed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "user_challenges"."passed_review_id" is not null and not "user_challenges"."hidden";--> statement-breakpoint
CREATE INDEX "user_challenges_gallery_score_idx" ON "user_challenges" USING btree ("passed_score10" DESC NULLS FIRST,"passed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "user_challenges"."passed_review_id" is not null and not "user_challenges"."hidden";--> statement-breakpoint
CREATE INDEX "user_challenges_challenge_gallery_newest_idx" ON "user_challenges" USING btree ("challenge_id","passed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "user_challenges"."passed_review_id" is not null and not "user_challenges"."hidden";--> statement-breakpoint
CREATE INDEX "user_challenges_challenge_gallery_score_idx" ON "user_challenges" USING btree ("challenge_id","passed_score10" DESC NULLS FIRST,"passed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "user_challenges"."passed_review_id" is not null and not "user_challenges"."hidden";