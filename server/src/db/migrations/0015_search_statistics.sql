-- Search text statistics: a short histogram, so estimating a search's many
-- `like '%word%'` clauses costs no pattern match against a hundred
-- histogram entries each (several ms of planning per search). Search reads
-- its candidates through the indexes whatever the estimates say.
ALTER TABLE "releases" ALTER COLUMN "search_text" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "artists" ALTER COLUMN "search_text" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "labels" ALTER COLUMN "search_text" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "genres" ALTER COLUMN "search_text" SET STATISTICS 10;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "search_text" SET STATISTICS 10;--> statement-breakpoint
ANALYZE "releases" ("search_text");--> statement-breakpoint
ANALYZE "artists" ("search_text");--> statement-breakpoint
ANALYZE "labels" ("search_text");--> statement-breakpoint
ANALYZE "genres" ("search_text");--> statement-breakpoint
ANALYZE "users" ("search_text");
