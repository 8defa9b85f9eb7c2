CREATE TABLE "analytics_job_days" (
	"day" date NOT NULL,
	"item_kind" text NOT NULL,
	"location_id" text DEFAULT '' NOT NULL,
	"product_type_id" text DEFAULT '' NOT NULL,
	"salesperson_id" text DEFAULT '' NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_job_days_pk" PRIMARY KEY("day","item_kind","location_id","product_type_id","salesperson_id")
);
