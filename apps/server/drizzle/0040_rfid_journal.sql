CREATE TABLE "rfid_journal" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"read_key" text NOT NULL,
	"reader_id" text NOT NULL,
	"antenna" integer NOT NULL,
	"epc" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"rssi" double precision,
	"repeats" integer DEFAULT 0 NOT NULL,
	"department_id" text,
	"station_id" text,
	"actor_id" text,
	"journaled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfid_journal_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"position" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_journal_read_key_idx" ON "rfid_journal" USING btree ("read_key") WHERE kind = 'read';--> statement-breakpoint
CREATE INDEX "rfid_journal_journaled_at_idx" ON "rfid_journal" USING btree ("journaled_at");