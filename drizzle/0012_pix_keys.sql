CREATE TYPE "public"."pix_key_type" AS ENUM('cpf', 'cnpj', 'email', 'phone', 'random');--> statement-breakpoint
CREATE TABLE "pix_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"type" "pix_key_type" NOT NULL,
	"key" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pix_keys" ADD CONSTRAINT "pix_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_keys_user_key_idx" ON "pix_keys" USING btree ("user_id","type","key");--> statement-breakpoint
CREATE UNIQUE INDEX "pix_keys_one_default_idx" ON "pix_keys" USING btree ("user_id") WHERE "pix_keys"."is_default";