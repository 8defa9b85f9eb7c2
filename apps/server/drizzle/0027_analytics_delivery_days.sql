CREATE TABLE "analytics_delivery_days" (
	"day" date NOT NULL,
	"item_kind" text NOT NULL,
	"location_id" text DEFAULT '' NOT NULL,
	"product_type_id" text DEFAULT '' NOT NULL,
	"salesperson_id" text DEFAULT '' NOT NULL,
	"days_late" integer NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_delivery_days_pk" PRIMARY KEY("day","item_kind","location_id","product_type_id","salesperson_id","days_late")
);
