CREATE TABLE "path_starts" (
	"user_id" uuid NOT NULL,
	"path_slug" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "path_starts_user_id_path_slug_pk" PRIMARY KEY("user_id","path_slug"),
	CONSTRAINT "path_starts_slug_check" CHECK (char_length("path_starts"."path_slug") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "path_starts" ADD CONSTRAINT "path_starts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;