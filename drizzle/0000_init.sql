CREATE TABLE "challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"difficulty" text NOT NULL,
	"published_on" date NOT NULL,
	"template_img" text NOT NULL,
	"tablet_img" text NOT NULL,
	"mobile_img" text NOT NULL,
	"template_thumb" text NOT NULL,
	"tablet_thumb" text NOT NULL,
	"mobile_thumb" text NOT NULL,
	"zip_file" text NOT NULL,
	"zip_size" integer NOT NULL,
	"zip_entries" jsonb NOT NULL,
	"figma_url" text,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "challenges_slug_unique" UNIQUE("slug"),
	CONSTRAINT "challenges_title_unique" UNIQUE("title"),
	CONSTRAINT "challenges_category_check" CHECK ("challenges"."category" in ('navbar', 'footer', 'landing-page', 'hero', 'features')),
	CONSTRAINT "challenges_difficulty_check" CHECK ("challenges"."difficulty" in ('easy', 'intermediate', 'hard'))
);
--> statement-breakpoint
CREATE TABLE "user_challenges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_challenges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"challenge_id" integer NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"challenge_live" text DEFAULT ' ' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_challenges_user_challenge_key" UNIQUE("user_id","challenge_id"),
	CONSTRAINT "user_challenges_status_check" CHECK ("user_challenges"."status" in ('ongoing', 'completed')),
	CONSTRAINT "user_challenges_points_check" CHECK ("user_challenges"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"github_id" bigint NOT NULL,
	"username" text NOT NULL,
	"name" text,
	"email" text,
	"avatar_url" text,
	"bio" text,
	"points" integer DEFAULT 0 NOT NULL,
	"submission" integer DEFAULT 0 NOT NULL,
	"github_url" text,
	"linkedin_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_github_id_unique" UNIQUE("github_id"),
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "challenges_newest_idx" ON "challenges" USING btree ("published_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "challenges_category_newest_idx" ON "challenges" USING btree ("category","published_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_challenges_user_status_idx" ON "user_challenges" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "user_challenges_challenge_idx" ON "user_challenges" USING btree ("challenge_id");--> statement-breakpoint
CREATE INDEX "users_leaderboard_idx" ON "users" USING btree ("points" DESC NULLS LAST,"submission" DESC NULLS LAST,"username");