DROP INDEX "entries_release_created_idx";--> statement-breakpoint
DROP INDEX "entries_user_created_idx";--> statement-breakpoint
DROP INDEX "entries_release_rating_idx";--> statement-breakpoint
DROP INDEX "entries_release_rating_updated_idx";--> statement-breakpoint
DROP INDEX "entries_user_rating_idx";--> statement-breakpoint
DROP INDEX "entries_user_rating_updated_idx";--> statement-breakpoint
DROP INDEX "entries_review_created_idx";--> statement-breakpoint
DROP INDEX "entries_release_review_created_idx";--> statement-breakpoint
DROP INDEX "entries_user_review_created_idx";--> statement-breakpoint
DROP INDEX "entries_release_review_net_idx";--> statement-breakpoint
DROP INDEX "entries_user_review_net_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ratings_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "users" u SET "ratings_count" = c.n FROM (SELECT "user_id", count(*)::int n FROM "entries" WHERE "rating" IS NOT NULL GROUP BY "user_id") c WHERE c.user_id = u.id;--> statement-breakpoint
CREATE INDEX "entries_release_created_idx" ON "entries" USING btree ("release_id","created_at","id","user_id");--> statement-breakpoint
CREATE INDEX "entries_user_created_idx" ON "entries" USING btree ("user_id","created_at","id","release_id","rating");--> statement-breakpoint
CREATE INDEX "entries_release_rating_idx" ON "entries" USING btree ("release_id","rating","id","user_id") WHERE "entries"."rating" is not null;--> statement-breakpoint
CREATE INDEX "entries_release_rating_updated_idx" ON "entries" USING btree ("release_id","rating_updated_at","id","user_id") WHERE "entries"."rating" is not null;--> statement-breakpoint
CREATE INDEX "entries_user_rating_idx" ON "entries" USING btree ("user_id","rating","id","release_id") WHERE "entries"."rating" is not null;--> statement-breakpoint
CREATE INDEX "entries_user_rating_updated_idx" ON "entries" USING btree ("user_id","rating_updated_at","id","release_id") WHERE "entries"."rating" is not null;--> statement-breakpoint
CREATE INDEX "entries_review_created_idx" ON "entries" USING btree ("review_created_at","id","user_id","release_id") WHERE "entries"."review" is not null;--> statement-breakpoint
CREATE INDEX "entries_release_review_created_idx" ON "entries" USING btree ("release_id","review_created_at","id","user_id") WHERE "entries"."review" is not null;--> statement-breakpoint
CREATE INDEX "entries_user_review_created_idx" ON "entries" USING btree ("user_id","review_created_at","id","release_id") WHERE "entries"."review" is not null;--> statement-breakpoint
CREATE INDEX "entries_release_review_net_idx" ON "entries" USING btree ("release_id",("review_upvotes" - "review_downvotes"),"review_created_at","id","user_id") WHERE "entries"."review" is not null;--> statement-breakpoint
CREATE INDEX "entries_user_review_net_idx" ON "entries" USING btree ("user_id",("review_upvotes" - "review_downvotes"),"review_created_at","id","release_id") WHERE "entries"."review" is not null;