-- Metrics (issue 24): the trade events and notifications 0019 announces carry when they were sent, epoch ms, as the
-- events the app publishes do (src/server/realtime/bus.ts), so each process can time their delivery
-- (`realtime_delivery_lag_seconds`). The clock at the NOTIFY (clock_timestamp), not the transaction's start: the
-- figure is from the row's write to its arrival. Their payloads already differ by id, so no folding is lost; the
-- session and role triggers of 0030 stay unstamped, since their identical payloads fold by design.
CREATE OR REPLACE FUNCTION realtime_notify_trade_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parties record;
BEGIN
  SELECT buyer_id, seller_id INTO parties FROM trades WHERE id = NEW.trade_id;
  PERFORM pg_notify('realtime', json_build_object(
    'type', 'trade', 'tradeId', NEW.trade_id, 'eventId', NEW.id,
    'buyerId', parties.buyer_id, 'sellerId', parties.seller_id,
    'sentAt', floor(extract(epoch from clock_timestamp()) * 1000)
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION realtime_notify_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('realtime', json_build_object(
    'type', 'notification', 'id', NEW.id, 'userId', NEW.user_id,
    'sentAt', floor(extract(epoch from clock_timestamp()) * 1000)
  )::text);
  RETURN NULL;
END
$$;
