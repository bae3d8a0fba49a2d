-- The queue holds every kind of job (reviews, link re-checks), so its table is named for that.
ALTER TABLE "review_jobs" RENAME TO "jobs";--> statement-breakpoint
ALTER TABLE "jobs" RENAME CONSTRAINT "review_jobs_status_check" TO "jobs_status_check";--> statement-breakpoint
ALTER TABLE "jobs" RENAME CONSTRAINT "review_jobs_attempts_check" TO "jobs_attempts_check";--> statement-breakpoint
ALTER TABLE "jobs" RENAME CONSTRAINT "review_jobs_pkey" TO "jobs_pkey";--> statement-breakpoint
ALTER INDEX "review_jobs_dedupe_key_idx" RENAME TO "jobs_dedupe_key_idx";--> statement-breakpoint
ALTER INDEX "review_jobs_claim_idx" RENAME TO "jobs_claim_idx";--> statement-breakpoint
ALTER SEQUENCE "review_jobs_id_seq" RENAME TO "jobs_id_seq";
