CREATE TABLE "client_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"source" text NOT NULL,
	"message" text NOT NULL,
	"stack" text,
	"route" text NOT NULL,
	"correlation_id" text,
	"client_version" text
);
--> statement-breakpoint
CREATE TABLE "client_request_metrics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"method" text NOT NULL,
	"endpoint" text NOT NULL,
	"status" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"route" text NOT NULL,
	"correlation_id" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "client_errors" ADD CONSTRAINT "client_errors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_request_metrics" ADD CONSTRAINT "client_request_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_errors_received_at_idx" ON "client_errors" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "client_request_metrics_received_at_idx" ON "client_request_metrics" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "client_request_metrics_slow_idx" ON "client_request_metrics" USING btree ("duration_ms","received_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");