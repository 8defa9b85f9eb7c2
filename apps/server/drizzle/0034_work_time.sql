CREATE TABLE "work_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid NOT NULL,
	"actor_id" uuid,
	"assignment_id" uuid,
	"session_id" uuid,
	"switched_session_id" uuid,
	"restore" jsonb,
	"at" timestamp with time zone NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "work_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"phase_key" text NOT NULL,
	"assignment_id" uuid,
	"user_id" uuid NOT NULL,
	"station_id" text,
	"station_name" text,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "work_actions" ADD CONSTRAINT "work_actions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_actions" ADD CONSTRAINT "work_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_actions" ADD CONSTRAINT "work_actions_assignment_id_workflow_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."workflow_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_actions" ADD CONSTRAINT "work_actions_session_id_work_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."work_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_actions" ADD CONSTRAINT "work_actions_switched_session_id_work_sessions_id_fk" FOREIGN KEY ("switched_session_id") REFERENCES "public"."work_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_sessions" ADD CONSTRAINT "work_sessions_assignment_id_workflow_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."workflow_assignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_sessions" ADD CONSTRAINT "work_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_actions_user_idx" ON "work_actions" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "work_sessions_item_idx" ON "work_sessions" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE INDEX "work_sessions_user_idx" ON "work_sessions" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "work_sessions_running_idx" ON "work_sessions" USING btree ("user_id") WHERE "work_sessions"."ended_at" is null;