CREATE TABLE "tv_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"pairing_code" text,
	"code_expires_at" timestamp with time zone NOT NULL,
	"name" text,
	"station_id" text,
	"paired_at" timestamp with time zone,
	"paired_by" uuid,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tv_devices_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "tv_devices" ADD CONSTRAINT "tv_devices_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_devices" ADD CONSTRAINT "tv_devices_paired_by_users_id_fk" FOREIGN KEY ("paired_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tv_devices_pairing_code_idx" ON "tv_devices" USING btree ("pairing_code") WHERE "tv_devices"."pairing_code" is not null;--> statement-breakpoint
CREATE INDEX "tv_devices_station_idx" ON "tv_devices" USING btree ("station_id");