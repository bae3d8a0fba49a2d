DROP INDEX "challenges_newest_idx";--> statement-breakpoint
DROP INDEX "challenges_category_newest_idx";--> statement-breakpoint
DROP INDEX "users_leaderboard_idx";--> statement-breakpoint
CREATE INDEX "challenges_newest_idx" ON "challenges" USING btree ("published_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "challenges_category_newest_idx" ON "challenges" USING btree ("category","published_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_leaderboard_idx" ON "users" USING btree ("points" DESC NULLS FIRST,"submission" DESC NULLS FIRST,"username");