DROP INDEX "releases_type_date_idx";--> statement-breakpoint
DROP INDEX "entries_release_review_net_idx";--> statement-breakpoint
DROP INDEX "entries_user_review_net_idx";--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "review_net" integer GENERATED ALWAYS AS (review_upvotes - review_downvotes) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "entries_review_net_idx" ON "entries" USING btree ("review_net","review_created_at","id","user_id","release_id") WHERE "entries"."review" is not null;--> statement-breakpoint
CREATE INDEX "releases_type_date_idx" ON "releases" USING btree ("type","date","id");--> statement-breakpoint
CREATE INDEX "entries_release_review_net_idx" ON "entries" USING btree ("release_id","review_net","review_created_at","id","user_id") WHERE "entries"."review" is not null;--> statement-breakpoint
CREATE INDEX "entries_user_review_net_idx" ON "entries" USING btree ("user_id","review_net","review_created_at","id","release_id") WHERE "entries"."review" is not null;