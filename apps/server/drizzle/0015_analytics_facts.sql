CREATE TABLE "analytics_job_steps" (
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"step_kind" text NOT NULL,
	"step_key" text NOT NULL,
	"minutes" bigint DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_job_steps_item_kind_item_id_step_kind_step_key_pk" PRIMARY KEY("item_kind","item_id","step_kind","step_key")
);
--> statement-breakpoint
CREATE TABLE "analytics_jobs" (
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"location_id" text,
	"product_type_id" uuid,
	"metal_type_id" uuid,
	"salesperson_id" uuid,
	"promised_date" date,
	"first_arrival_at" timestamp with time zone,
	"visits" integer DEFAULT 0 NOT NULL,
	"rework_visits" integer DEFAULT 0 NOT NULL,
	"dwell_minutes" bigint DEFAULT 0 NOT NULL,
	"offsite_minutes" bigint DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "analytics_jobs_item_kind_item_id_pk" PRIMARY KEY("item_kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_station_days" (
	"day" date NOT NULL,
	"station_id" text NOT NULL,
	"item_kind" text NOT NULL,
	"product_type_id" text DEFAULT '' NOT NULL,
	"bucket" integer NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"minutes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_station_days_day_station_id_item_kind_product_type_id_bucket_pk" PRIMARY KEY("day","station_id","item_kind","product_type_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"station_id" text NOT NULL,
	"department_id" text NOT NULL,
	"location_id" text,
	"phase_key" text,
	"product_type_id" uuid,
	"salesperson_id" uuid,
	"arrived_at" timestamp with time zone NOT NULL,
	"left_at" timestamp with time zone NOT NULL,
	"minutes" integer NOT NULL,
	"offsite_minutes" integer DEFAULT 0 NOT NULL,
	"is_rework" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_job_steps_key_idx" ON "analytics_job_steps" USING btree ("step_kind","step_key");--> statement-breakpoint
CREATE INDEX "analytics_jobs_delivered_idx" ON "analytics_jobs" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "analytics_jobs_first_arrival_idx" ON "analytics_jobs" USING btree ("first_arrival_at");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_visits_item_idx" ON "analytics_visits" USING btree ("item_kind","item_id","arrived_at");--> statement-breakpoint
CREATE INDEX "analytics_visits_left_idx" ON "analytics_visits" USING btree ("left_at");--> statement-breakpoint
CREATE INDEX "analytics_visits_station_idx" ON "analytics_visits" USING btree ("station_id","left_at");--> statement-breakpoint
CREATE INDEX "analytics_visits_salesperson_idx" ON "analytics_visits" USING btree ("salesperson_id","left_at");--> statement-breakpoint
CREATE INDEX "analytics_visits_span_idx" ON "analytics_visits" USING gist (tstzrange("arrived_at", "left_at"));