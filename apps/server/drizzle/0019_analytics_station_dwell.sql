CREATE TABLE "analytics_station_dwell_days" (
	"day" date NOT NULL,
	"item_kind" text NOT NULL,
	"product_type_id" text DEFAULT '' NOT NULL,
	"station_id" text NOT NULL,
	"department_id" text NOT NULL,
	"location_id" text DEFAULT '' NOT NULL,
	"minutes" integer NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"rework_visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_station_dwell_days_pk" PRIMARY KEY("day","item_kind","product_type_id","station_id","department_id","location_id","minutes")
);
--> statement-breakpoint
CREATE TABLE "analytics_station_dwell_months" (
	"month" date NOT NULL,
	"item_kind" text NOT NULL,
	"product_type_id" text DEFAULT '' NOT NULL,
	"station_id" text NOT NULL,
	"department_id" text NOT NULL,
	"location_id" text DEFAULT '' NOT NULL,
	"minutes" integer NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"rework_visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_station_dwell_months_pk" PRIMARY KEY("month","item_kind","product_type_id","station_id","department_id","location_id","minutes")
);
