CREATE TYPE "public"."review_author_role" AS ENUM('buyer', 'seller');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'review_received';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'review_answered';--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"author_id" text NOT NULL,
	"subject_id" text NOT NULL,
	"author_role" "review_author_role" NOT NULL,
	"listing_id" integer,
	"rating" integer NOT NULL,
	"comment" text,
	"refunded" boolean DEFAULT false NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"period_ends_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_parties_differ" CHECK ("reviews"."author_id" <> "reviews"."subject_id")
);
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "fee_rate_bps" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_trade_author_idx" ON "reviews" USING btree ("trade_id","author_id");--> statement-breakpoint
CREATE INDEX "reviews_subject_idx" ON "reviews" USING btree ("subject_id","author_role","published_at");--> statement-breakpoint
CREATE INDEX "reviews_listing_idx" ON "reviews" USING btree ("listing_id","published_at");--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_fee_rate_range" CHECK ("trades"."fee_rate_bps" between 0 and 10000);