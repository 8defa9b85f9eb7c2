CREATE TABLE "reader_rejections" (
	"reader_id" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"topic" text,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rfid_unresolved_reads" (
	"reason" text NOT NULL,
	"reader_id" text NOT NULL,
	"antenna" integer NOT NULL,
	"reads" bigint DEFAULT 0 NOT NULL,
	"last_epc" text NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rfid_unresolved_reads_reason_reader_id_antenna_pk" PRIMARY KEY("reason","reader_id","antenna")
);
