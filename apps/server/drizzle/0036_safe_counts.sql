CREATE TABLE "location_safes" (
	"location_id" text PRIMARY KEY NOT NULL,
	"station_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "safe_count_removals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"count_id" uuid NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"number" text NOT NULL,
	"station_id" text NOT NULL,
	"station_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safe_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"location_id" text NOT NULL,
	"location_name" text NOT NULL,
	"safe_station_id" text NOT NULL,
	"safe_station_name" text NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"closing_date" date,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"started_by" uuid,
	"started_by_name" text,
	"finished_by" uuid,
	"finished_by_name" text,
	"expected" jsonb NOT NULL,
	"counted" jsonb,
	"missing" jsonb,
	"extra" jsonb
);
--> statement-breakpoint
ALTER TABLE "location_safes" ADD CONSTRAINT "location_safes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_safes" ADD CONSTRAINT "location_safes_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_safes" ADD CONSTRAINT "location_safes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_count_removals" ADD CONSTRAINT "safe_count_removals_count_id_safe_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."safe_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_counts" ADD CONSTRAINT "safe_counts_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safe_counts" ADD CONSTRAINT "safe_counts_finished_by_users_id_fk" FOREIGN KEY ("finished_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "safe_count_removals_item_idx" ON "safe_count_removals" USING btree ("count_id","item_kind","item_id");--> statement-breakpoint
CREATE INDEX "safe_counts_location_started_idx" ON "safe_counts" USING btree ("location_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "safe_counts_one_running_idx" ON "safe_counts" USING btree ("location_id") WHERE "safe_counts"."status" = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "safe_counts_closing_date_idx" ON "safe_counts" USING btree ("location_id","closing_date") WHERE "safe_counts"."closing_date" is not null;