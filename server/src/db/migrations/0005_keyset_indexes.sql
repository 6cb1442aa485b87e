DROP INDEX "releases_date_idx";--> statement-breakpoint
DROP INDEX "releases_created_at_idx";--> statement-breakpoint
DROP INDEX "entries_release_created_idx";--> statement-breakpoint
DROP INDEX "entries_created_at_idx";--> statement-breakpoint
DROP INDEX "entries_user_created_idx";--> statement-breakpoint
DROP INDEX "entries_release_review_net_idx";--> statement-breakpoint
DROP INDEX "entries_user_review_net_idx";--> statement-breakpoint
CREATE INDEX "entries_rating_idx" ON "entries" USING btree ("rating","id") WHERE "entries"."rating" is not null;--> statement-breakpoint
CREATE INDEX "releases_date_idx" ON "releases" USING btree ("date","created_at","id");--> statement-breakpoint
CREATE INDEX "releases_created_at_idx" ON "releases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "entries_release_created_idx" ON "entries" USING btree ("release_id","created_at","id");--> statement-breakpoint
CREATE INDEX "entries_created_at_idx" ON "entries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "entries_user_created_idx" ON "entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "entries_release_review_net_idx" ON "entries" USING btree ("release_id",("review_upvotes" - "review_downvotes"),"review_created_at","id") WHERE "entries"."review" is not null;--> statement-breakpoint
CREATE INDEX "entries_user_review_net_idx" ON "entries" USING btree ("user_id",("review_upvotes" - "review_downvotes"),"review_created_at","id") WHERE "entries"."review" is not null;