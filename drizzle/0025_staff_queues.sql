CREATE TYPE "public"."feedback_type" AS ENUM('sugestao', 'bug', 'elogio', 'critica');--> statement-breakpoint
CREATE TYPE "public"."suspension_penalty" AS ENUM('advertencia', '7_dias', '30_dias', 'permanente');--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'support_reply';--> statement-breakpoint
CREATE TABLE "user_suspensions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"penalty" "suspension_penalty" NOT NULL,
	"reason" text NOT NULL,
	"ends_at" timestamp with time zone,
	"report_id" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD COLUMN "feedback_type" "feedback_type" DEFAULT 'sugestao' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD COLUMN "rating" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "feedback_responses" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_suspensions" ADD CONSTRAINT "user_suspensions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_suspensions_user_idx" ON "user_suspensions" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;