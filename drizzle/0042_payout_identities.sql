CREATE TYPE "public"."tax_id_kind" AS ENUM('cpf', 'cnpj');--> statement-breakpoint
CREATE TABLE "payout_identities" (
	"user_id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"document_kind" "tax_id_kind" NOT NULL,
	"document" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_identities" ADD CONSTRAINT "payout_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_identities_document_idx" ON "payout_identities" USING btree ("document");