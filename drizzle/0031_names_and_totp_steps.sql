ALTER TABLE "profiles" ADD COLUMN "name_skeletons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factors" ADD COLUMN "last_totp_step" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_name_skeletons_idx" ON "profiles" USING gin ("name_skeletons");