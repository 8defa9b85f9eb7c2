CREATE TABLE "reader_leases" (
	"reader_id" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reader_llrp_settings" (
	"reader_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"state" text DEFAULT 'disconnected' NOT NULL,
	"last_report_at" timestamp with time zone,
	"last_error" text,
	"manufacturer" text,
	"model" text,
	"firmware" text,
	"antenna_count" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reader_leases" ADD CONSTRAINT "reader_leases_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_llrp_settings" ADD CONSTRAINT "reader_llrp_settings_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE cascade ON UPDATE no action;