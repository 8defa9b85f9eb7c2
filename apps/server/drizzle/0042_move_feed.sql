CREATE TABLE "move_feed" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"moved" jsonb NOT NULL,
	"visits" jsonb NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projection_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"position" bigint NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
