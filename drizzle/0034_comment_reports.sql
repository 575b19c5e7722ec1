-- Issue 22: comments on listings and on forum posts can be reported (same queue).
ALTER TYPE "public"."report_target" ADD VALUE 'listing_comment';--> statement-breakpoint
ALTER TYPE "public"."report_target" ADD VALUE 'post_comment';