CREATE TABLE "payout_reconciliation_findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"psp_id" text NOT NULL,
	"trade_id" integer,
	"psp_amount_cents" bigint,
	"ledger_amount_cents" bigint,
	"psp_key" text,
	"ledger_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_reconciliation_runs" (
	"day" date PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"psp_sends" integer NOT NULL,
	"ledger_payouts" integer NOT NULL,
	"findings" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_reconciliation_findings" ADD CONSTRAINT "payout_reconciliation_findings_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_reconciliation_findings_once_idx" ON "payout_reconciliation_findings" USING btree ("day","psp_id","kind");--> statement-breakpoint
CREATE INDEX "payout_reconciliation_findings_open_idx" ON "payout_reconciliation_findings" USING btree ("kind") WHERE "payout_reconciliation_findings"."resolved_at" is null;