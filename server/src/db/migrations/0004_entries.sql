CREATE TABLE "entry_tags" (
	"entry_id" text NOT NULL,
	"tag_id" text NOT NULL,
	CONSTRAINT "entry_tags_entry_id_tag_id_pk" PRIMARY KEY("entry_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"entry_id" text NOT NULL,
	"user_id" text NOT NULL,
	"vote" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_entry_id_user_id_pk" PRIMARY KEY("entry_id","user_id"),
	CONSTRAINT "review_votes_vote_ck" CHECK ("review_votes"."vote" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "track_votes" (
	"entry_id" text NOT NULL,
	"track_id" text NOT NULL,
	"vote" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "track_votes_entry_id_track_id_pk" PRIMARY KEY("entry_id","track_id"),
	CONSTRAINT "track_votes_vote_ck" CHECK ("track_votes"."vote" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "user_tags" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "track_votes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entry_tags" ADD CONSTRAINT "entry_tags_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_tags" ADD CONSTRAINT "entry_tags_tag_id_user_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."user_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_votes" ADD CONSTRAINT "track_votes_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_votes" ADD CONSTRAINT "track_votes_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tags" ADD CONSTRAINT "user_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_tags_tag_idx" ON "entry_tags" USING btree ("tag_id","entry_id");--> statement-breakpoint
CREATE INDEX "review_votes_user_idx" ON "review_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "track_votes_track_idx" ON "track_votes" USING btree ("track_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tags_user_name_key" ON "user_tags" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "entries_user_created_idx" ON "entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "entries_release_rating_idx" ON "entries" USING btree ("release_id","rating","id") WHERE "entries"."rating" is not null;--> statement-breakpoint
CREATE INDEX "entries_release_rating_updated_idx" ON "entries" USING btree ("release_id","rating_updated_at","id") WHERE "entries"."rating" is not null;--> statement-breakpoint
CREATE INDEX "entries_user_rating_idx" ON "entries" USING btree ("user_id","rating","id") WHERE "entries"."rating" is not null;--> statement-breakpoint
CREATE INDEX "entries_user_rating_updated_idx" ON "entries" USING btree ("user_id","rating_updated_at","id") WHERE "entries"."rating" is not null;--> statement-breakpoint
CREATE INDEX "entries_rating_updated_idx" ON "entries" USING btree ("rating_updated_at","id") WHERE "entries"."rating" is not null;--> statement-breakpoint
CREATE INDEX "entries_review_created_idx" ON "entries" USING btree ("review_created_at","id") WHERE "entries"."review" is not null;--> statement-breakpoint
CREATE INDEX "entries_release_review_created_idx" ON "entries" USING btree ("release_id","review_created_at","id") WHERE "entries"."review" is not null;--> statement-breakpoint
CREATE INDEX "entries_user_review_created_idx" ON "entries" USING btree ("user_id","review_created_at","id") WHERE "entries"."review" is not null;--> statement-breakpoint
CREATE INDEX "entries_release_review_net_idx" ON "entries" USING btree ("release_id",("review_upvotes" - "review_downvotes")) WHERE "entries"."review" is not null;--> statement-breakpoint
CREATE INDEX "entries_user_review_net_idx" ON "entries" USING btree ("user_id",("review_upvotes" - "review_downvotes")) WHERE "entries"."review" is not null;