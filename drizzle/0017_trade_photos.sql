CREATE TYPE "public"."trade_photo_purpose" AS ENUM('delivery_proof', 'dispute_evidence');--> statement-breakpoint
ALTER TYPE "public"."trade_event_kind" ADD VALUE 'evidence_added';--> statement-breakpoint
CREATE TABLE "trade_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"uploaded_by" text,
	"purpose" "trade_photo_purpose" NOT NULL,
	"key" text NOT NULL,
	"widths" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_photos" ADD CONSTRAINT "trade_photos_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_photos" ADD CONSTRAINT "trade_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_photos_trade_idx" ON "trade_photos" USING btree ("trade_id","id");