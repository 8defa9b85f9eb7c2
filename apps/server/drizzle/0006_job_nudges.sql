ALTER TABLE "job_workflows" ADD COLUMN "nudge_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_workflows" ADD COLUMN "last_nudged_at" timestamp with time zone;