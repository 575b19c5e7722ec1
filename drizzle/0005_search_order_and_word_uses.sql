DROP INDEX "listings_status_created_idx";--> statement-breakpoint
DROP INDEX "listings_game_created_idx";--> statement-breakpoint
DROP INDEX "listings_popular_idx";--> statement-breakpoint
DROP INDEX "listings_seller_idx";--> statement-breakpoint
ALTER TABLE "search_words" ADD COLUMN "uses" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_status_created_idx" ON "listings" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_game_created_idx" ON "listings" USING btree ("game_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_popular_idx" ON "listings" USING btree ("status","views" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_seller_idx" ON "listings" USING btree ("seller_id","created_at" DESC NULLS FIRST);