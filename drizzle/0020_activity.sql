ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "weekly_goal" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "activity_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_weekly_goal_check" CHECK ("users"."weekly_goal" is null or "users"."weekly_goal" between 1 and 7);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_time_zone_check" CHECK (char_length("users"."time_zone") <= 64);