CREATE TYPE "public"."feedback_priority" AS ENUM('high', 'medium', 'normal');--> statement-breakpoint
CREATE TYPE "public"."feedback_status" AS ENUM('pending', 'responded', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."partnership_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."partnership_type" AS ENUM('criador_conteudo', 'organizacao_esports', 'empresa');--> statement-breakpoint
CREATE TABLE "feedback_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text,
	"user_email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" "feedback_status" DEFAULT 'pending' NOT NULL,
	"priority" "feedback_priority" DEFAULT 'normal' NOT NULL,
	"admin_response" text,
	"responded_at" timestamp with time zone,
	"responded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partnerships" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text,
	"partnership_type" "partnership_type" NOT NULL,
	"description" text NOT NULL,
	"status" "partnership_status" DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD CONSTRAINT "feedback_responses_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_responses_status_idx" ON "feedback_responses" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "partnerships_status_idx" ON "partnerships" USING btree ("status","created_at");