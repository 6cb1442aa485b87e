DROP INDEX "releases_date_idx";--> statement-breakpoint
DROP INDEX "releases_created_at_idx";--> statement-breakpoint
CREATE INDEX "releases_date_idx" ON "releases" USING btree ("date","created_at","id") WHERE not "releases"."pending_deletion" and "releases"."merged_into_id" is null;--> statement-breakpoint
CREATE INDEX "releases_created_at_idx" ON "releases" USING btree ("created_at","id") WHERE not "releases"."pending_deletion" and "releases"."merged_into_id" is null;