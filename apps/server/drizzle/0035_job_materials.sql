CREATE TABLE "job_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"signer_name" text NOT NULL,
	"image" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"recorded_by" uuid
);
--> statement-breakpoint
CREATE TABLE "material_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"type" text NOT NULL,
	"count" integer NOT NULL,
	"weight_milli" integer,
	"holder" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"seq" bigserial NOT NULL,
	"actor_id" uuid
);
--> statement-breakpoint
CREATE TABLE "material_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"count" integer NOT NULL,
	"weight_milli" integer,
	"stone" jsonb,
	"metal" jsonb,
	"is_intake" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_signatures" ADD CONSTRAINT "job_signatures_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_entries" ADD CONSTRAINT "material_entries_line_id_material_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."material_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_entries" ADD CONSTRAINT "material_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_lines" ADD CONSTRAINT "material_lines_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_signatures_item_idx" ON "job_signatures" USING btree ("item_kind","item_id","signed_at");--> statement-breakpoint
CREATE INDEX "material_entries_line_idx" ON "material_entries" USING btree ("line_id","seq");--> statement-breakpoint
CREATE INDEX "material_lines_item_idx" ON "material_lines" USING btree ("item_kind","item_id","position");