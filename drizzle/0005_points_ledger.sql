CREATE TABLE "points_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "points_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"points" integer NOT NULL,
	"user_challenge_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_award_key" UNIQUE("user_id","reason","reference"),
	CONSTRAINT "points_ledger_reason_check" CHECK ("points_ledger"."reason" in ('challenge_completed')),
	CONSTRAINT "points_ledger_points_check" CHECK ("points_ledger"."points" > 0)
);
--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_user_challenge_id_user_challenges_id_fk" FOREIGN KEY ("user_challenge_id") REFERENCES "public"."user_challenges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "points_ledger_period_idx" ON "points_ledger" USING btree ("created_at","user_id","points","reason","user_challenge_id");--> statement-breakpoint
-- Every completion awarded before the ledger becomes its row, dated when it was completed, so the ledger
-- sums to the points members already have (src/server/points/ledger.ts writes the later ones).
INSERT INTO "points_ledger" ("user_id", "reason", "reference", "points", "user_challenge_id", "created_at")
SELECT uc."user_id", 'challenge_completed', uc."challenge_id"::text, uc."points", uc."id", coalesce(uc."completed_at", uc."updated_at")
FROM "user_challenges" AS uc
WHERE uc."status" = 'completed' AND uc."points" > 0
ON CONFLICT ("user_id", "reason", "reference") DO NOTHING;
