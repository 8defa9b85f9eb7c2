CREATE TABLE "rfid_journal_passed_over" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"error" text NOT NULL,
	"attempts" integer NOT NULL,
	"passed_over_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rfid_journal_passed_over" ADD CONSTRAINT "rfid_journal_passed_over_seq_rfid_journal_seq_fk" FOREIGN KEY ("seq") REFERENCES "public"."rfid_journal"("seq") ON DELETE no action ON UPDATE no action;