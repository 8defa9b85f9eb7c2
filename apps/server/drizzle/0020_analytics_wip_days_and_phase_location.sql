CREATE TABLE "analytics_wip_days" (
	"day" date NOT NULL,
	"item_kind" text NOT NULL,
	"phase_key" text DEFAULT '' NOT NULL,
	"location_id" text DEFAULT '' NOT NULL,
	"department_id" text NOT NULL,
	"product_type_id" text DEFAULT '' NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_wip_days_pk" PRIMARY KEY("day","item_kind","phase_key","location_id","department_id","product_type_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_phase_days" DROP CONSTRAINT "analytics_phase_days_day_item_kind_phase_key_minutes_pk";--> statement-breakpoint
ALTER TABLE "analytics_phase_days" ADD COLUMN "location_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_phase_days_key_idx" ON "analytics_phase_days" USING btree ("day","item_kind","phase_key","location_id","minutes");