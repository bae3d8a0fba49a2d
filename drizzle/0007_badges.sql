CREATE TABLE "user_badges" (
	"user_id" uuid NOT NULL,
	"badge" text NOT NULL,
	"reason" text NOT NULL,
	"awarded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_user_id_badge_reason_pk" PRIMARY KEY("user_id","badge","reason")
);
--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The lasting badges members already earned before badges existed (the five-week streak is counted at
-- their next completion, src/server/badges/award.ts).
INSERT INTO "user_badges" ("user_id", "badge", "reason", "awarded_at")
SELECT uc."user_id", 'first-challenge', 'lasting', min(coalesce(uc."completed_at", uc."updated_at"))
FROM "user_challenges" AS uc WHERE uc."status" = 'completed' GROUP BY uc."user_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "user_badges" ("user_id", "badge", "reason", "awarded_at")
SELECT uc."user_id", 'every-category', 'lasting', max(coalesce(uc."completed_at", uc."updated_at"))
FROM "user_challenges" AS uc JOIN "challenges" AS c ON c."id" = uc."challenge_id"
WHERE uc."status" = 'completed' GROUP BY uc."user_id" HAVING count(DISTINCT c."category") >= 5
ON CONFLICT DO NOTHING;
