CREATE TABLE "analytics_phase_days" (
	"day" date NOT NULL,
	"item_kind" text NOT NULL,
	"phase_key" text NOT NULL,
	"minutes" bigint NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_phase_days_day_item_kind_phase_key_minutes_pk" PRIMARY KEY("day","item_kind","phase_key","minutes")
);
--> statement-breakpoint
DROP INDEX "analytics_jobs_delivered_idx";--> statement-breakpoint
DROP INDEX "analytics_jobs_first_arrival_idx";--> statement-breakpoint
CREATE INDEX "analytics_job_steps_minutes_idx" ON "analytics_job_steps" USING btree ("item_kind","item_id","step_kind","step_key","minutes");--> statement-breakpoint
CREATE INDEX "analytics_jobs_delivered_idx" ON "analytics_jobs" USING btree ("delivered_at","item_kind","item_id","location_id","product_type_id","metal_type_id","salesperson_id","promised_date","first_arrival_at","rework_visits");--> statement-breakpoint
CREATE INDEX "analytics_jobs_first_arrival_idx" ON "analytics_jobs" USING btree ("first_arrival_at","item_kind","location_id","product_type_id","salesperson_id");