DROP INDEX "trades_deadline_idx";--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "timers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "next_timer_at" timestamp with time zone;--> statement-breakpoint
-- The open trades' running timers, as src/shared/trade-process.ts names them: the state's deadline (deadline_at)
-- and, while its party was not warned yet, the warning before it (TRADE_WARNING_HOURS). States compared as text: a
-- fresh database adds some of them in this same run, and PostgreSQL refuses an enum value not committed yet.
UPDATE "trades" SET "timers" = jsonb_strip_nulls(CASE "state"::text
  WHEN 'awaiting_value' THEN jsonb_build_object('value_expiry', "deadline_at",
    'value_warning', CASE WHEN "warned_at" IS NULL THEN "deadline_at" - interval '6 hours' END)
  WHEN 'value_proposed' THEN jsonb_build_object('proposal_expiry', "deadline_at",
    'proposal_warning', CASE WHEN "warned_at" IS NULL THEN "deadline_at" - interval '6 hours' END)
  WHEN 'awaiting_payment' THEN jsonb_build_object('payment_expiry', "deadline_at",
    'payment_warning', CASE WHEN "warned_at" IS NULL THEN "deadline_at" - interval '6 hours' END)
  WHEN 'awaiting_delivery' THEN jsonb_build_object('delivery_alert', "deadline_at",
    'delivery_warning', CASE WHEN "warned_at" IS NULL THEN "deadline_at" - interval '6 hours' END)
  WHEN 'delivered' THEN jsonb_build_object('auto_confirmation', "deadline_at",
    'confirmation_warning', CASE WHEN "warned_at" IS NULL THEN "deadline_at" - interval '18 hours' END)
  WHEN 'in_warranty' THEN jsonb_build_object('warranty_end', "deadline_at")
  WHEN 'awaiting_release' THEN jsonb_build_object('release_alert', "deadline_at")
  WHEN 'disputed' THEN jsonb_build_object('dispute_alert', "deadline_at")
  ELSE '{}'::jsonb END)
WHERE "deadline_at" IS NOT NULL AND "state"::text NOT IN ('completed', 'cancelled', 'refunded');--> statement-breakpoint
UPDATE "trades" SET "next_timer_at" = (SELECT min(value::timestamptz) FROM jsonb_each_text("timers"))
WHERE "timers" <> '{}'::jsonb;--> statement-breakpoint
ALTER TABLE "trades" DROP COLUMN "warned_at";--> statement-breakpoint
CREATE INDEX "trades_next_timer_idx" ON "trades" USING btree ("next_timer_at");