CREATE TABLE "job_workflows" (
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"phase_key" text NOT NULL,
	"phase_started_at" timestamp with time zone NOT NULL,
	"rework_count" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "job_workflows_item_kind_item_id_pk" PRIMARY KEY("item_kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"phase_key" text NOT NULL,
	"assignee_id" uuid NOT NULL,
	"assigned_by" uuid,
	"due_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"nudge_count" integer DEFAULT 0 NOT NULL,
	"last_nudged_at" timestamp with time zone,
	"snoozed_until" timestamp with time zone,
	"snooze_reason" text
);
--> statement-breakpoint
CREATE TABLE "workflow_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"product_type_id" uuid,
	"name" text NOT NULL,
	"phases" jsonb NOT NULL,
	"repair_type_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_assignments" ADD CONSTRAINT "workflow_assignments_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_assignments" ADD CONSTRAINT "workflow_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_assignments" ADD CONSTRAINT "workflow_assignments_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_templates" ADD CONSTRAINT "workflow_templates_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_workflows_phase_idx" ON "job_workflows" USING btree ("item_kind","phase_key");--> statement-breakpoint
CREATE INDEX "workflow_assignments_assignee_idx" ON "workflow_assignments" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE INDEX "workflow_assignments_item_idx" ON "workflow_assignments" USING btree ("item_kind","item_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_assignments_open_idx" ON "workflow_assignments" USING btree ("item_kind","item_id","phase_key") WHERE "workflow_assignments"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_templates_kind_product_idx" ON "workflow_templates" USING btree ("kind",coalesce("product_type_id", '00000000-0000-0000-0000-000000000000'::uuid));