CREATE TYPE "public"."chat_message_kind" AS ENUM('text', 'image', 'warning');--> statement-breakpoint
CREATE TABLE "trade_chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"author_id" text,
	"kind" "chat_message_kind" NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"image_key" text,
	"image_widths" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_chat_reads" (
	"trade_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"last_read_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_chat_reads_trade_id_user_id_pk" PRIMARY KEY("trade_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "trade_chat_messages" ADD CONSTRAINT "trade_chat_messages_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_chat_messages" ADD CONSTRAINT "trade_chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_chat_reads" ADD CONSTRAINT "trade_chat_reads_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_chat_reads" ADD CONSTRAINT "trade_chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_chat_messages_trade_idx" ON "trade_chat_messages" USING btree ("trade_id","id");