CREATE TABLE "assignment_extensions" (
	"assignment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_extensions_assignment_id_user_id_pk" PRIMARY KEY("assignment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"classroom_id" uuid NOT NULL,
	"challenge_id" integer NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"min_score" integer,
	"max_a11y_violations" integer,
	"min_lighthouse_a11y" integer,
	"due_soon_notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_window_check" CHECK ("assignments"."due_at" > "assignments"."opens_at"),
	CONSTRAINT "assignments_min_score_check" CHECK ("assignments"."min_score" is null or "assignments"."min_score" between 0 and 100),
	CONSTRAINT "assignments_max_a11y_check" CHECK ("assignments"."max_a11y_violations" is null or "assignments"."max_a11y_violations" between 0 and 1000),
	CONSTRAINT "assignments_min_lighthouse_check" CHECK ("assignments"."min_lighthouse_a11y" is null or "assignments"."min_lighthouse_a11y" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "classroom_members" (
	"classroom_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"student_id" text,
	"roster_name" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_members_classroom_id_user_id_pk" PRIMARY KEY("classroom_id","user_id"),
	CONSTRAINT "classroom_members_role_check" CHECK ("classroom_members"."role" in ('owner', 'teacher', 'student'))
);
--> statement-breakpoint
CREATE TABLE "classroom_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"assignment_id" uuid NOT NULL,
	"student_id" uuid,
	"review_id" integer,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_notifications_kind_check" CHECK ("classroom_notifications"."kind" in ('assignment', 'assignment_due', 'late_pass'))
);
--> statement-breakpoint
CREATE TABLE "classroom_roster" (
	"classroom_id" uuid NOT NULL,
	"login" text NOT NULL,
	"name" text,
	"student_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_roster_classroom_id_login_pk" PRIMARY KEY("classroom_id","login")
);
--> statement-breakpoint
CREATE TABLE "classrooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" uuid NOT NULL,
	"solutions_public" boolean DEFAULT false NOT NULL,
	"leaderboard" boolean DEFAULT false NOT NULL,
	"invite_code" text,
	"invite_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classrooms_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "classrooms_name_check" CHECK (char_length("classrooms"."name") between 1 and 100),
	CONSTRAINT "classrooms_description_check" CHECK (char_length("classrooms"."description") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "assignment_extensions" ADD CONSTRAINT "assignment_extensions_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_extensions" ADD CONSTRAINT "assignment_extensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_members" ADD CONSTRAINT "classroom_members_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_members" ADD CONSTRAINT "classroom_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_notifications" ADD CONSTRAINT "classroom_notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_notifications" ADD CONSTRAINT "classroom_notifications_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_notifications" ADD CONSTRAINT "classroom_notifications_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_notifications" ADD CONSTRAINT "classroom_notifications_review_id_submission_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."submission_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_roster" ADD CONSTRAINT "classroom_roster_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_classroom_due_idx" ON "assignments" USING btree ("classroom_id","due_at");--> statement-breakpoint
CREATE INDEX "assignments_challenge_idx" ON "assignments" USING btree ("challenge_id","classroom_id");--> statement-breakpoint
CREATE INDEX "classroom_members_user_idx" ON "classroom_members" USING btree ("user_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "classroom_notifications_event_idx" ON "classroom_notifications" USING btree ("recipient_id","kind","assignment_id",coalesce("review_id", 0));--> statement-breakpoint
CREATE INDEX "classroom_notifications_recipient_idx" ON "classroom_notifications" USING btree ("recipient_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "classroom_roster_login_idx" ON "classroom_roster" USING btree ("login");--> statement-breakpoint
CREATE INDEX "classrooms_owner_idx" ON "classrooms" USING btree ("owner_id");