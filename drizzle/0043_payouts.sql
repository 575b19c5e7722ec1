CREATE TYPE "public"."payout_state" AS ENUM('due', 'held', 'sending', 'paid', 'failed', 'manual', 'withdrawn');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'payout_sent';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'payout_failed';--> statement-breakpoint
CREATE TABLE "payout_switches" (
	"id" integer PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"reason" text,
	"changed_by" text,
	"changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"state" "payout_state" NOT NULL,
	"amount_cents" integer NOT NULL,
	"pix_key" text,
	"holder_name" text,
	"holder_doc_kind" text,
	"holder_doc_number" text,
	"psp_id" text NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"assessed_at" timestamp with time zone,
	"held_until" timestamp with time zone,
	"hold_reason" text,
	"sending_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL,
	"failed_at" timestamp with time zone,
	"failure_reason" text,
	"end_to_end_id" text,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_switches" ADD CONSTRAINT "payout_switches_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_trade_idx" ON "payouts" USING btree ("trade_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_psp_id_idx" ON "payouts" USING btree ("psp_id");--> statement-breakpoint
CREATE INDEX "payouts_due_idx" ON "payouts" USING btree ("due_at") WHERE "payouts"."state" = 'due';--> statement-breakpoint
CREATE INDEX "payouts_state_idx" ON "payouts" USING btree ("state","updated_at");