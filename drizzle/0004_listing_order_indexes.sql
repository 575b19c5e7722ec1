DROP INDEX "listings_status_created_idx";--> statement-breakpoint
CREATE INDEX "listings_popular_idx" ON "listings" USING btree ("status","views" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_status_created_idx" ON "listings" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);