CREATE TABLE "scheduled_job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_on" text NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "submission_votes" (
	"submission_id" text NOT NULL,
	"user_id" text NOT NULL,
	"vote" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "submission_votes_submission_id_user_id_pk" PRIMARY KEY("submission_id","user_id"),
	CONSTRAINT "submission_votes_vote_ck" CHECK ("submission_votes"."vote" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"method" smallint NOT NULL,
	"status" smallint NOT NULL,
	"entity_id" text NOT NULL,
	"user_id" text NOT NULL,
	"note" text NOT NULL,
	"original" jsonb,
	"changes" jsonb NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "submissions_kind_ck" CHECK ("submissions"."kind" in ('release', 'artist', 'label', 'genre')),
	CONSTRAINT "submissions_method_ck" CHECK ("submissions"."method" in (1, 2)),
	CONSTRAINT "submissions_status_ck" CHECK ("submissions"."status" in (1, 2, 3, 4, 5))
);
--> statement-breakpoint
ALTER TABLE "submission_votes" ADD CONSTRAINT "submission_votes_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_votes" ADD CONSTRAINT "submission_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submission_votes_user_idx" ON "submission_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "submissions_kind_status_created_idx" ON "submissions" USING btree ("kind","status","created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_kind_created_idx" ON "submissions" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "submissions_entity_idx" ON "submissions" USING btree ("kind","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "submissions_entity_applied_idx" ON "submissions" USING btree ("kind","entity_id","applied_at","id") WHERE "submissions"."applied_at" is not null;--> statement-breakpoint
CREATE INDEX "submissions_user_idx" ON "submissions" USING btree ("user_id","kind","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_one_open_update_key" ON "submissions" USING btree ("kind","entity_id") WHERE "submissions"."status" = 2 and "submissions"."method" = 2;