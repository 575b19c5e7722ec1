ALTER TYPE "public"."trade_event_kind" ADD VALUE 'value_proposed' BEFORE 'payment_confirmed';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'value_accepted' BEFORE 'payment_confirmed';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'value_declined' BEFORE 'payment_confirmed';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'warranty_ended' BEFORE 'released';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'staff_taken_over' BEFORE 'flagged';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'staff_unassigned' BEFORE 'flagged';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'decision_recommended' BEFORE 'flagged';--> statement-breakpoint
ALTER TYPE "public"."trade_state" ADD VALUE 'value_proposed' BEFORE 'awaiting_payment';--> statement-breakpoint
ALTER TYPE "public"."trade_state" ADD VALUE 'in_warranty' BEFORE 'awaiting_release';--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "end_to_end_id" text;--> statement-breakpoint
ALTER TABLE "pix_keys" ADD COLUMN "default_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "proposed_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "warranty_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "payout_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "payout_holder_name" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "refund_return_id" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "dispute_recommendation" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "dispute_recommendation_reason" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "dispute_recommended_by" text;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_dispute_recommended_by_users_id_fk" FOREIGN KEY ("dispute_recommended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_end_to_end_idx" ON "ledger_transactions" USING btree ("end_to_end_id");--> statement-breakpoint
-- Trades whose payout is due or was paid before this migration: the payout became due when the delivery was confirmed.
UPDATE "trades" SET "payout_due_at" = coalesce("delivery_confirmed_at", "dispute_decided_at", "released_at", "updated_at") WHERE "state" IN ('awaiting_release', 'completed');--> statement-breakpoint
-- A payout due now is fixed to the seller's default key of today (the key staff would have been told to pay).
UPDATE "trades" t SET "payout_pix_key" = k."type" || ':' || k."key", "payout_holder_name" = coalesce(p."full_name", u."name") FROM "pix_keys" k JOIN "users" u ON u."id" = k."user_id" LEFT JOIN "profiles" p ON p."id" = k."user_id" WHERE k."user_id" = t."seller_id" AND k."is_default" AND t."state" = 'awaiting_release';--> statement-breakpoint
UPDATE "pix_keys" SET "default_since" = "created_at" WHERE "is_default";
