CREATE TABLE "competition_results" (
	"competition_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"score" real NOT NULL,
	"entered_at" timestamp with time zone NOT NULL,
	"review_id" integer,
	CONSTRAINT "competition_results_competition_id_user_id_pk" PRIMARY KEY("competition_id","user_id"),
	CONSTRAINT "competition_results_rank_key" UNIQUE("competition_id","rank")
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"challenge_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"content_hash" text NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_slug_unique" UNIQUE("slug"),
	CONSTRAINT "competitions_window_check" CHECK ("competitions"."ends_at" > "competitions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "competition_results" ADD CONSTRAINT "competition_results_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_results" ADD CONSTRAINT "competition_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_results" ADD CONSTRAINT "competition_results_review_id_submission_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."submission_reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_challenge_id_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."challenges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitions_ends_at_idx" ON "competitions" USING btree ("ends_at");--> statement-breakpoint
-- Two competitions never run at once: the importer says so first, in a sentence; this is the last word.
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_no_overlap" EXCLUDE USING gist (tstzrange("starts_at", "ends_at") WITH &&);
