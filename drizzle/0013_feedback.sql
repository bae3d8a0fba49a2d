-- Feedback on solutions (docs/product.md §12): comments with one level of replies, likes, notifications,
-- reports and the moderation log. user_challenges keeps its like and visible-comment counts, so the cards,
-- the "most liked" order and the "needs feedback" list read that row alone; each order has a partial index
-- of listed solutions, as the galleries' others do. A sign-in remembers the path it returns to.
CREATE TABLE "comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"public_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_challenge_id" integer NOT NULL,
	"author_id" uuid NOT NULL,
	"parent_id" integer,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"helpful_at" timestamp with time zone,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "comments_kind_check" CHECK ("comments"."kind" in ('question', 'code_review', 'praise')),
	CONSTRAINT "comments_body_check" CHECK (char_length("comments"."body") <= 3000)
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "moderation_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"admin_id" uuid,
	"admin_login" text NOT NULL,
	"action" text NOT NULL,
	"comment_id" integer,
	"user_challenge_id" integer,
	"target_user_id" uuid,
	"report_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action_check" CHECK ("moderation_actions"."action" in ('hide_comment', 'restore_comment', 'hide_solution', 'restore_solution', 'suspend_member', 'restore_member', 'dismiss_report')),
	CONSTRAINT "moderation_actions_note_check" CHECK (char_length("moderation_actions"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"user_challenge_id" integer NOT NULL,
	"comment_id" integer,
	"review_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('comment', 'reply', 'helpful', 'review'))
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid NOT NULL,
	"comment_id" integer,
	"user_challenge_id" integer,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_target_check" CHECK (("reports"."comment_id" is null) <> ("reports"."user_challenge_id" is null)),
	CONSTRAINT "reports_reason_check" CHECK ("reports"."reason" in ('spam', 'abuse', 'plagiarism', 'other')),
	CONSTRAINT "reports_details_check" CHECK (char_length("reports"."details") <= 500),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'actioned', 'dismissed'))
);
--> statement-breakpoint
CREATE TABLE "solution_likes" (
	"user_challenge_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "solution_likes_user_challenge_id_user_id_pk" PRIMARY KEY("user_challenge_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "return_to" text;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD COLUMN "moderator_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "commenting_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_challenge_id_user_challenges_id_fk" FOREIGN KEY ("user_challenge_id") REFERENCES "public"."user_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_id_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_user_challenge_id_user_challenges_id_fk" FOREIGN KEY ("user_challenge_id") REFERENCES "public"."user_challenges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_challenge_id_user_challenges_id_fk" FOREIGN KEY ("user_challenge_id") REFERENCES "public"."user_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_review_id_submission_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."submission_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_user_challenge_id_user_challenges_id_fk" FOREIGN KEY ("user_challenge_id") REFERENCES "public"."user_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_likes" ADD CONSTRAINT "solution_likes_user_challenge_id_user_challenges_id_fk" FOREIGN KEY ("user_challenge_id") REFERENCES "public"."user_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solution_likes" ADD CONSTRAINT "solution_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_solution_idx" ON "comments" USING btree ("user_challenge_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_parent_idx" ON "comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_author_helpful_idx" ON "comments" USING btree ("author_id") WHERE "comments"."helpful_at" is not null and "comments"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_comment_event_idx" ON "notifications" USING btree ("recipient_id","kind","comment_id") WHERE "notifications"."comment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_review_event_idx" ON "notifications" USING btree ("recipient_id","review_id") WHERE "notifications"."review_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_comment_idx" ON "reports" USING btree ("reporter_id","comment_id") WHERE "reports"."status" = 'open' and "reports"."comment_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_solution_idx" ON "reports" USING btree ("reporter_id","user_challenge_id") WHERE "reports"."status" = 'open' and "reports"."user_challenge_id" is not null;--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "solution_likes_user_idx" ON "solution_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_challenges_gallery_likes_idx" ON "user_challenges" USING btree ("like_count" DESC NULLS FIRST,"passed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "user_challenges"."passed_review_id" is not null and not "user_challenges"."hidden";--> statement-breakpoint
CREATE INDEX "user_challenges_challenge_gallery_likes_idx" ON "user_challenges" USING btree ("challenge_id","like_count" DESC NULLS FIRST,"passed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "user_challenges"."passed_review_id" is not null and not "user_challenges"."hidden";--> statement-breakpoint
CREATE INDEX "user_challenges_needs_feedback_idx" ON "user_challenges" USING btree ("passed_at","id") WHERE "user_challenges"."passed_review_id" is not null and not "user_challenges"."hidden" and "user_challenges"."comment_count" = 0;--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_like_count_check" CHECK ("user_challenges"."like_count" >= 0);--> statement-breakpoint
ALTER TABLE "user_challenges" ADD CONSTRAINT "user_challenges_comment_count_check" CHECK ("user_challenges"."comment_count" >= 0);