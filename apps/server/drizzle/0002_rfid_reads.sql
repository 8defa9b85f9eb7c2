CREATE TABLE "rfid_reads" (
	"read_key" text PRIMARY KEY NOT NULL,
	"reader_id" text NOT NULL,
	"antenna" integer NOT NULL,
	"epc" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"rssi" double precision,
	"repeats" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rfid_reads_reader_antenna_idx" ON "rfid_reads" USING btree ("reader_id","antenna","read_at");--> statement-breakpoint
CREATE INDEX "rfid_reads_epc_idx" ON "rfid_reads" USING btree ("epc","read_at");