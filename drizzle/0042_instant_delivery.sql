CREATE TYPE "public"."listing_code_state" AS ENUM('available', 'reserved', 'delivered', 'removed', 'burned');--> statement-breakpoint
ALTER TYPE "public"."listing_status" ADD VALUE 'paused';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'code_delivered';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'instant_stock_empty';--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'code_delivered';--> statement-breakpoint
CREATE TABLE "listing_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer,
	"sealed" text NOT NULL,
	"hash" text NOT NULL,
	"last4" text NOT NULL,
	"state" "listing_code_state" DEFAULT 'available' NOT NULL,
	"trade_id" integer,
	"delivered_at" timestamp with time zone,
	"revealed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "instant_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "paused_reason" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "instant_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_codes" ADD CONSTRAINT "listing_codes_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_codes" ADD CONSTRAINT "listing_codes_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_codes_listing_state_idx" ON "listing_codes" USING btree ("listing_id","state","id");--> statement-breakpoint
CREATE INDEX "listing_codes_hash_idx" ON "listing_codes" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "listing_codes_trade_idx" ON "listing_codes" USING btree ("trade_id");