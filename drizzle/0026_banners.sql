CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image_key" text,
	"image_widths" integer[] DEFAULT '{}'::int[] NOT NULL,
	"image_url" text,
	"link_url" text,
	"display_order" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banners_display_order_positive" CHECK ("banners"."display_order" >= 1),
	CONSTRAINT "banners_one_image" CHECK (("banners"."image_key" is null) <> ("banners"."image_url" is null))
);
--> statement-breakpoint
CREATE INDEX "banners_active_order_idx" ON "banners" USING btree ("active","display_order");