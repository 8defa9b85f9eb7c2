ALTER TABLE "notifications" ADD COLUMN "source" text;--> statement-breakpoint
CREATE INDEX "notifications_source_idx" ON "notifications" USING btree ("source");