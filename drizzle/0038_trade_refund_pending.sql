ALTER TABLE "trades" ADD COLUMN "refund_pending" jsonb;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "refund_attempts" integer DEFAULT 0 NOT NULL;