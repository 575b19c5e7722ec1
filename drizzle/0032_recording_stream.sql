ALTER TABLE "trade_recordings" ADD COLUMN "stream_state" jsonb;--> statement-breakpoint
ALTER TABLE "trade_recordings" ADD COLUMN "duration_ms" integer DEFAULT 0 NOT NULL;