-- Realtime (issue 11): each new trade event and notification is announced on the 'realtime' channel from inside
-- the transaction that writes it, so PostgreSQL (and PGlite) deliver it only if that transaction commits. The
-- payload carries ids only (NOTIFY allows 8000 bytes); every server process LISTENs and routes it to the sockets
-- allowed to see it, and the browser reads the rows through the REST routes.
CREATE FUNCTION realtime_notify_trade_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parties record;
BEGIN
  SELECT buyer_id, seller_id INTO parties FROM trades WHERE id = NEW.trade_id;
  PERFORM pg_notify('realtime', json_build_object(
    'type', 'trade', 'tradeId', NEW.trade_id, 'eventId', NEW.id,
    'buyerId', parties.buyer_id, 'sellerId', parties.seller_id
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER trade_events_realtime
  AFTER INSERT ON trade_events
  FOR EACH ROW EXECUTE FUNCTION realtime_notify_trade_event();
--> statement-breakpoint
CREATE FUNCTION realtime_notify_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('realtime', json_build_object(
    'type', 'notification', 'id', NEW.id, 'userId', NEW.user_id
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_realtime
  AFTER INSERT ON notifications
  FOR EACH ROW EXECUTE FUNCTION realtime_notify_notification();
