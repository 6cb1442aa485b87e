CREATE TABLE "artists" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_latin" text,
	"bio" text,
	"pending_deletion" boolean DEFAULT false NOT NULL,
	"merged_into_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "genre_parents" (
	"genre_id" text NOT NULL,
	"parent_id" text NOT NULL,
	CONSTRAINT "genre_parents_genre_id_parent_id_pk" PRIMARY KEY("genre_id","parent_id"),
	CONSTRAINT "genre_parents_not_self" CHECK ("genre_parents"."genre_id" <> "genre_parents"."parent_id")
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bio" text,
	"pending_deletion" boolean DEFAULT false NOT NULL,
	"merged_into_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "labels" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_latin" text,
	"pending_deletion" boolean DEFAULT false NOT NULL,
	"merged_into_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" text PRIMARY KEY NOT NULL,
	"iso639_1" text,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_artists" (
	"release_id" text NOT NULL,
	"artist_id" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "release_artists_release_id_artist_id_pk" PRIMARY KEY("release_id","artist_id")
);
--> statement-breakpoint
CREATE TABLE "release_genre_votes" (
	"id" text PRIMARY KEY NOT NULL,
	"release_id" text NOT NULL,
	"genre_id" text NOT NULL,
	"user_id" text NOT NULL,
	"vote" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_genre_votes_vote_ck" CHECK ("release_genre_votes"."vote" in (-1, 1))
);
--> statement-breakpoint
CREATE TABLE "release_genres" (
	"release_id" text NOT NULL,
	"genre_id" text NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_genres_release_id_genre_id_pk" PRIMARY KEY("release_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "release_labels" (
	"release_id" text NOT NULL,
	"label_id" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "release_labels_release_id_label_id_pk" PRIMARY KEY("release_id","label_id")
);
--> statement-breakpoint
CREATE TABLE "release_languages" (
	"release_id" text NOT NULL,
	"language_id" text NOT NULL,
	CONSTRAINT "release_languages_release_id_language_id_pk" PRIMARY KEY("release_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"title_latin" text,
	"type" smallint NOT NULL,
	"date" date,
	"date_precision" text,
	"explicit_cover_art" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cover" jsonb,
	"ratings_count" integer DEFAULT 0 NOT NULL,
	"ratings_sum" integer DEFAULT 0 NOT NULL,
	"ratings_avg" double precision,
	"entries_count" integer DEFAULT 0 NOT NULL,
	"reviews_count" integer DEFAULT 0 NOT NULL,
	"created_by_id" text,
	"pending_deletion" boolean DEFAULT false NOT NULL,
	"merged_into_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "releases_date_precision_ck" CHECK ("releases"."date_precision" in ('day', 'month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" text PRIMARY KEY NOT NULL,
	"release_id" text NOT NULL,
	"track" text NOT NULL,
	"title" text NOT NULL,
	"duration_ms" integer,
	"order" smallint NOT NULL,
	"upvotes" integer DEFAULT 0 NOT NULL,
	"downvotes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"release_id" text NOT NULL,
	"rating" smallint,
	"rating_updated_at" timestamp with time zone,
	"review" text,
	"review_created_at" timestamp with time zone,
	"review_updated_at" timestamp with time zone,
	"review_upvotes" integer DEFAULT 0 NOT NULL,
	"review_downvotes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entries_rating_ck" CHECK ("entries"."rating" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "genre_parents" ADD CONSTRAINT "genre_parents_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "genre_parents" ADD CONSTRAINT "genre_parents_parent_id_genres_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_artists" ADD CONSTRAINT "release_artists_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_artists" ADD CONSTRAINT "release_artists_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_genre_votes" ADD CONSTRAINT "release_genre_votes_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_genre_votes" ADD CONSTRAINT "release_genre_votes_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_genre_votes" ADD CONSTRAINT "release_genre_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_genres" ADD CONSTRAINT "release_genres_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_genres" ADD CONSTRAINT "release_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_labels" ADD CONSTRAINT "release_labels_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_labels" ADD CONSTRAINT "release_labels_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_languages" ADD CONSTRAINT "release_languages_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_languages" ADD CONSTRAINT "release_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artists_name_trgm_idx" ON "artists" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "genre_parents_parent_idx" ON "genre_parents" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "genres_name_lower_key" ON "genres" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "labels_name_trgm_idx" ON "labels" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "release_artists_artist_idx" ON "release_artists" USING btree ("artist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "release_genre_votes_user_key" ON "release_genre_votes" USING btree ("release_id","genre_id","user_id");--> statement-breakpoint
CREATE INDEX "release_genre_votes_user_idx" ON "release_genre_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "release_genres_genre_score_idx" ON "release_genres" USING btree ("genre_id","score");--> statement-breakpoint
CREATE INDEX "release_labels_label_idx" ON "release_labels" USING btree ("label_id");--> statement-breakpoint
CREATE INDEX "releases_date_idx" ON "releases" USING btree ("date");--> statement-breakpoint
CREATE INDEX "releases_created_at_idx" ON "releases" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "releases_type_date_idx" ON "releases" USING btree ("type","date");--> statement-breakpoint
CREATE INDEX "releases_ratings_idx" ON "releases" USING btree ("ratings_count","ratings_avg");--> statement-breakpoint
CREATE INDEX "releases_title_trgm_idx" ON "releases" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tracks_release_order_idx" ON "tracks" USING btree ("release_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "entries_user_release_key" ON "entries" USING btree ("user_id","release_id");--> statement-breakpoint
CREATE INDEX "entries_release_created_idx" ON "entries" USING btree ("release_id","created_at");--> statement-breakpoint
CREATE INDEX "entries_created_at_idx" ON "entries" USING btree ("created_at");