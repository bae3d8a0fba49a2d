-- The weekly link checks follow a solution's public address, its newest passed review's
-- (docs/product.md §11), no longer the address last submitted. A record kept for a submit that never
-- passed says nothing about the public address: it starts clean, and the next check fills it.
UPDATE "user_challenges" AS uc
SET "link_status" = 'live', "link_failures" = 0, "link_first_failure_at" = NULL,
  "link_checked_at" = NULL, "link_last_error" = NULL
FROM "submission_reviews" AS r
WHERE r."id" = uc."passed_review_id" AND r."requested_url" <> uc."challenge_live";
