CREATE TYPE "public"."feedback_type" AS ENUM('sugestao', 'bug', 'elogio', 'critica');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'support_reply';--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD COLUMN "feedback_type" "feedback_type" DEFAULT 'sugestao' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD COLUMN "rating" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD COLUMN "device" text;