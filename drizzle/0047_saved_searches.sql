CREATE TYPE "public"."saved_search_delivery" AS ENUM('sent', 'digest', 'digested');--> statement-breakpoint
CREATE TYPE "public"."saved_search_event" AS ENUM('new', 'price_drop');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'saved_search_match';--> statement-breakpoint
CREATE TABLE "saved_search_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"saved_search_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"listing_id" integer NOT NULL,
	"event" "saved_search_event" NOT NULL,
	"day" date NOT NULL,
	"delivery" "saved_search_delivery" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"alerts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "saved_search_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "saved_search_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" integer NOT NULL,
	"event" "saved_search_event" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"game_id" integer,
	"kind" "listing_kind",
	"min_price_cents" integer,
	"max_price_cents" integer,
	"query" "tsquery",
	"paused" boolean DEFAULT false NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_matched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_alerts" ADD CONSTRAINT "saved_search_alerts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_days" ADD CONSTRAINT "saved_search_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_events" ADD CONSTRAINT "saved_search_events_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_alerts_once_idx" ON "saved_search_alerts" USING btree ("saved_search_id","listing_id","event");--> statement-breakpoint
CREATE INDEX "saved_search_alerts_day_idx" ON "saved_search_alerts" USING btree ("day","delivery");--> statement-breakpoint
CREATE INDEX "saved_search_events_pending_idx" ON "saved_search_events" USING btree ("created_at") WHERE "saved_search_events"."matched_at" is null;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_match_idx" ON "saved_searches" USING btree ("game_id","kind","max_price_cents") WHERE not "saved_searches"."paused";