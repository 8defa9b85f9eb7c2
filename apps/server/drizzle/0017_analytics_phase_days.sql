CREATE TABLE "analytics_phase_days" (
	"day" date NOT NULL,
	"item_kind" text NOT NULL,
	"phase_key" text NOT NULL,
	"minutes" bigint NOT NULL,
	"jobs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_phase_days_day_item_kind_phase_key_minutes_pk" PRIMARY KEY("day","item_kind","phase_key","minutes")
);
