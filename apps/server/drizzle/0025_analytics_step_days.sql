CREATE TABLE "analytics_step_days" (
	"day" date NOT NULL,
	"step_kind" text NOT NULL,
	"step_key" text NOT NULL,
	"minutes" bigint NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_step_days_day_step_kind_step_key_minutes_pk" PRIMARY KEY("day","step_kind","step_key","minutes")
);
