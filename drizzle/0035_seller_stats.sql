CREATE TABLE "seller_stats" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"score" double precision GENERATED ALWAYS AS (case when review_count > 0 then (20 + rating_sum)::float8 / (5 + review_count) end) STORED,
	"next_publish_at" timestamp with time zone,
	"completed_sales" integer DEFAULT 0 NOT NULL,
	"completed_trades" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_stats" ADD CONSTRAINT "seller_stats_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_stats_score_idx" ON "seller_stats" USING btree ("score" DESC NULLS LAST) WHERE "seller_stats"."score" is not null;--> statement-breakpoint
CREATE INDEX "seller_stats_next_publish_idx" ON "seller_stats" USING btree ("next_publish_at") WHERE "seller_stats"."next_publish_at" is not null;--> statement-breakpoint
-- Recomputes one member's row from its sources, at the transaction's now(): published buyer reviews (count,
-- sum; the score is the generated column), the next hidden one's publication, completed sales and trades.
-- A member being deleted gets no row (its reviews and trades go with it).
CREATE FUNCTION seller_stats_refresh(member text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = member) THEN
    RETURN;
  END IF;
  INSERT INTO seller_stats AS s (seller_id, review_count, rating_sum, next_publish_at, completed_sales, completed_trades, refreshed_at)
  SELECT member, r.n, r.total, r.next_at, t.sales, t.done, now()
  FROM (
    SELECT count(*) FILTER (WHERE published_at <= now())::int AS n,
      coalesce(sum(rating) FILTER (WHERE published_at <= now()), 0)::int AS total,
      min(published_at) FILTER (WHERE published_at > now()) AS next_at
    FROM reviews WHERE subject_id = member AND author_role = 'buyer'
  ) r, (
    SELECT count(*) FILTER (WHERE seller_id = member)::int AS sales, count(*)::int AS done
    FROM trades WHERE state = 'completed' AND (seller_id = member OR buyer_id = member)
  ) t
  ON CONFLICT (seller_id) DO UPDATE SET review_count = excluded.review_count, rating_sum = excluded.rating_sum,
    next_publish_at = excluded.next_publish_at, completed_sales = excluded.completed_sales,
    completed_trades = excluded.completed_trades, refreshed_at = excluded.refreshed_at;
END
$$;
--> statement-breakpoint
CREATE FUNCTION seller_stats_on_review() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.author_role = 'buyer' THEN
    PERFORM seller_stats_refresh(OLD.subject_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.author_role = 'buyer' AND (TG_OP = 'INSERT' OR NEW.subject_id IS DISTINCT FROM OLD.subject_id OR OLD.author_role <> 'buyer') THEN
    PERFORM seller_stats_refresh(NEW.subject_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER seller_stats_on_review
  AFTER INSERT OR DELETE OR UPDATE OF rating, published_at, subject_id, author_role ON reviews
  FOR EACH ROW EXECUTE FUNCTION seller_stats_on_review();
--> statement-breakpoint
CREATE FUNCTION seller_stats_on_trade() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.state = 'completed' THEN
    PERFORM seller_stats_refresh(OLD.seller_id);
    PERFORM seller_stats_refresh(OLD.buyer_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.state = 'completed' AND (TG_OP = 'INSERT' OR OLD.state <> 'completed') THEN
    PERFORM seller_stats_refresh(NEW.seller_id);
    PERFORM seller_stats_refresh(NEW.buyer_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER seller_stats_on_trade
  AFTER INSERT OR DELETE OR UPDATE OF state, seller_id, buyer_id ON trades
  FOR EACH ROW EXECUTE FUNCTION seller_stats_on_trade();
--> statement-breakpoint
-- Backfill: every member with a completed trade or a buyer review received.
SELECT seller_stats_refresh(id) FROM (
  SELECT subject_id AS id FROM reviews WHERE author_role = 'buyer'
  UNION SELECT seller_id FROM trades WHERE state = 'completed'
  UNION SELECT buyer_id FROM trades WHERE state = 'completed'
) members;
--> statement-breakpoint
-- The rating sort reads each seller's listings newest first (listings_seller_idx); filtered by game, this one
-- finds a seller's listings of that game at once, where the other would read all of the seller's listings to
-- learn that none is of that game (a seller who sells one game only). Kept here, with the triggers, outside
-- the drizzle schema of listings.
CREATE INDEX listings_seller_game_created_idx ON listings (seller_id, game_id, status, created_at DESC, id DESC);
