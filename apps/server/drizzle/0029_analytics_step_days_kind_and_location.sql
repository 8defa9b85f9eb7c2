-- Counted again by kind and location: emptied here, refilled from the facts at start (rebuildIfMissing).
TRUNCATE "analytics_step_days";--> statement-breakpoint
ALTER TABLE "analytics_step_days" DROP CONSTRAINT "analytics_step_days_day_step_kind_step_key_minutes_pk";--> statement-breakpoint
ALTER TABLE "analytics_step_days" ADD COLUMN "item_kind" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_step_days" ADD COLUMN "location_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_step_days" ADD CONSTRAINT "analytics_step_days_pk" PRIMARY KEY("day","step_kind","step_key","minutes","item_kind","location_id");
