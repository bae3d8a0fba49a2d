-- Solutions (docs/product.md "Solutions"): every member × challenge row is a solution with a public id for
-- /solutions/:id, a Markdown write-up and a hidden flag. Adding "public_id" with its volatile default
-- fills every existing row with a UUID of its own (PostgreSQL evaluates gen_random_uuid() per row when a
-- column is added), so the backfill is this statement; the unique constraint then holds them to it.
ALTER TABLE "user_challenges" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "write_up" text;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_public_id_unique" UNIQUE("public_id");--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_write_up_check" CHECK (char_length("user_challenges"."write_up") <= 5000);