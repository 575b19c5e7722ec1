CREATE TABLE "trade_recording_chunks" (
	"recording_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"key" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_recording_chunks_recording_id_seq_pk" PRIMARY KEY("recording_id","seq")
);
--> statement-breakpoint
CREATE TABLE "trade_recordings" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_id" integer NOT NULL,
	"recorded_by" text,
	"recorder_role" text NOT NULL,
	"mime_type" text NOT NULL,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_chunk_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "trade_recordings_chunk_count" CHECK ("trade_recordings"."chunk_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trade_recording_chunks" ADD CONSTRAINT "trade_recording_chunks_recording_id_trade_recordings_id_fk" FOREIGN KEY ("recording_id") REFERENCES "public"."trade_recordings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_recordings" ADD CONSTRAINT "trade_recordings_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_recordings" ADD CONSTRAINT "trade_recordings_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_recordings_trade_idx" ON "trade_recordings" USING btree ("trade_id","id");