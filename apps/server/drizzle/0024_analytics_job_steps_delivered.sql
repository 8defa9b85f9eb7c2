ALTER TABLE "analytics_job_steps" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
-- The delivered jobs' steps take their delivery from analytics_jobs, before the index is built over them.
UPDATE "analytics_job_steps" AS s SET "delivered_at" = j."delivered_at" FROM "analytics_jobs" AS j
WHERE j."item_kind" = s."item_kind" AND j."item_id" = s."item_id" AND j."delivered_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_job_steps_delivered_idx" ON "analytics_job_steps" USING btree ("step_kind","delivered_at","step_key","minutes") WHERE "analytics_job_steps"."delivered_at" is not null;
