CREATE TABLE "analytics_wip_zone" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "analytics_wip_zone_one_row" CHECK ("analytics_wip_zone"."id")
);
--> statement-breakpoint
-- The rollup was kept at UTC midnights until now.
INSERT INTO "analytics_wip_zone" ("time_zone") VALUES ('UTC');
