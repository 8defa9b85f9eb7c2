DROP INDEX "analytics_jobs_delivered_idx";--> statement-breakpoint
DROP INDEX "analytics_jobs_first_arrival_idx";--> statement-breakpoint
CREATE INDEX "analytics_job_steps_minutes_idx" ON "analytics_job_steps" USING btree ("item_kind","item_id","step_kind","step_key","minutes");--> statement-breakpoint
CREATE INDEX "analytics_jobs_delivered_idx" ON "analytics_jobs" USING btree ("delivered_at","item_kind","item_id","location_id","product_type_id","metal_type_id","salesperson_id","promised_date","first_arrival_at","rework_visits");--> statement-breakpoint
CREATE INDEX "analytics_jobs_first_arrival_idx" ON "analytics_jobs" USING btree ("first_arrival_at","item_kind","location_id","product_type_id","salesperson_id");