ALTER TABLE "designs" ADD COLUMN "stones" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "designs" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;