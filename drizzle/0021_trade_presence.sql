CREATE TABLE "trade_presence" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"role" text,
	"in_call" boolean DEFAULT false NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trade_presence" ADD CONSTRAINT "trade_presence_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_presence" ADD CONSTRAINT "trade_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_presence_trade_idx" ON "trade_presence" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "trade_presence_expires_idx" ON "trade_presence" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_presence_call_role_idx" ON "trade_presence" USING btree ("trade_id","role") WHERE "trade_presence"."in_call";