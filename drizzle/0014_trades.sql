CREATE TYPE "public"."offer_status" AS ENUM('pending', 'accepted', 'rejected', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."support_ticket_category" AS ENUM('intermediacao', 'conta', 'pagamento', 'denuncia', 'outro');--> statement-breakpoint
CREATE TYPE "public"."support_ticket_priority" AS ENUM('high', 'medium', 'normal');--> statement-breakpoint
CREATE TYPE "public"."support_ticket_status" AS ENUM('open', 'in_progress', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."trade_event_kind" AS ENUM('opened', 'value_confirmed', 'payment_confirmed', 'delivery_marked', 'delivery_confirmed', 'delivery_auto_confirmed', 'released', 'cancelled', 'expired', 'dispute_opened', 'dispute_released', 'dispute_refunded', 'refunded', 'staff_assigned', 'flagged', 'credentials_revealed');--> statement-breakpoint
CREATE TYPE "public"."trade_state" AS ENUM('awaiting_value', 'awaiting_payment', 'awaiting_delivery', 'delivered', 'awaiting_release', 'disputed', 'completed', 'cancelled', 'refunded');--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"buyer_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"message" text,
	"status" "offer_status" DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_amount_positive" CHECK ("offers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text,
	"category" "support_ticket_category" NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"user_email" text NOT NULL,
	"user_name" text NOT NULL,
	"status" "support_ticket_status" DEFAULT 'open' NOT NULL,
	"priority" "support_ticket_priority" DEFAULT 'normal' NOT NULL,
	"responded_at" timestamp with time zone,
	"assigned_to" text,
	"admin_response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"actor_id" text,
	"kind" "trade_event_kind" NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer,
	"listing_title" text NOT NULL,
	"listing_kind" "listing_kind" NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"offer_id" integer,
	"intermediary_id" text,
	"ticket_id" integer,
	"state" "trade_state" DEFAULT 'awaiting_value' NOT NULL,
	"amount_cents" integer NOT NULL,
	"deadline_at" timestamp with time zone,
	"flagged_at" timestamp with time zone,
	"value_confirmed_at" timestamp with time zone,
	"pix_txid" text,
	"pix_copia_e_cola" text,
	"paid_at" timestamp with time zone,
	"payment_end_to_end_id" text,
	"delivery_note" text,
	"delivery_credentials" text,
	"delivered_at" timestamp with time zone,
	"delivery_confirmed_at" timestamp with time zone,
	"delivery_auto_confirmed" boolean DEFAULT false NOT NULL,
	"payout_pix_key" text,
	"payout_end_to_end_id" text,
	"released_at" timestamp with time zone,
	"refund_end_to_end_id" text,
	"cancel_reason" text,
	"dispute_opened_by" text,
	"dispute_reason" text,
	"dispute_opened_at" timestamp with time zone,
	"dispute_decision" text,
	"dispute_decision_reason" text,
	"dispute_decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trades_amount_positive" CHECK ("trades"."amount_cents" > 0),
	CONSTRAINT "trades_parties_differ" CHECK ("trades"."buyer_id" <> "trades"."seller_id")
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_events" ADD CONSTRAINT "trade_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_intermediary_id_users_id_fk" FOREIGN KEY ("intermediary_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_dispute_opened_by_users_id_fk" FOREIGN KEY ("dispute_opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("listing_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offers_buyer_idx" ON "offers" USING btree ("buyer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_pending_idx" ON "offers" USING btree ("listing_id","buyer_id") WHERE "offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "support_tickets_status_idx" ON "support_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trade_events_trade_idx" ON "trade_events" USING btree ("trade_id","id");--> statement-breakpoint
CREATE INDEX "trades_buyer_idx" ON "trades" USING btree ("buyer_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trades_seller_idx" ON "trades" USING btree ("seller_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "trades_listing_state_idx" ON "trades" USING btree ("listing_id","state");--> statement-breakpoint
CREATE INDEX "trades_deadline_idx" ON "trades" USING btree ("deadline_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_offer_idx" ON "trades" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_pix_txid_idx" ON "trades" USING btree ("pix_txid");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_one_open_per_buyer_idx" ON "trades" USING btree ("listing_id","buyer_id") WHERE "trades"."state" not in ('completed', 'cancelled', 'refunded');--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;