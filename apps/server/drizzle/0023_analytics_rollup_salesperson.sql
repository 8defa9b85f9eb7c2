DROP INDEX "analytics_phase_days_key_idx";--> statement-breakpoint
ALTER TABLE "analytics_phase_days" ADD COLUMN "salesperson_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_station_dwell_days" ADD COLUMN "salesperson_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_station_dwell_months" ADD COLUMN "salesperson_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_wip_days" ADD COLUMN "salesperson_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_phase_days_key_idx" ON "analytics_phase_days" USING btree ("day","item_kind","phase_key","location_id","salesperson_id","minutes");--> statement-breakpoint
ALTER TABLE "analytics_station_dwell_days" DROP CONSTRAINT "analytics_station_dwell_days_pk";
--> statement-breakpoint
ALTER TABLE "analytics_station_dwell_days" ADD CONSTRAINT "analytics_station_dwell_days_pk" PRIMARY KEY("day","item_kind","product_type_id","station_id","department_id","location_id","salesperson_id","minutes");--> statement-breakpoint
ALTER TABLE "analytics_station_dwell_months" DROP CONSTRAINT "analytics_station_dwell_months_pk";
--> statement-breakpoint
ALTER TABLE "analytics_station_dwell_months" ADD CONSTRAINT "analytics_station_dwell_months_pk" PRIMARY KEY("month","item_kind","product_type_id","station_id","department_id","location_id","salesperson_id","minutes");--> statement-breakpoint
ALTER TABLE "analytics_wip_days" DROP CONSTRAINT "analytics_wip_days_pk";
--> statement-breakpoint
ALTER TABLE "analytics_wip_days" ADD CONSTRAINT "analytics_wip_days_pk" PRIMARY KEY("day","item_kind","phase_key","location_id","department_id","product_type_id","salesperson_id");