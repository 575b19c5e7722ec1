-- Sockets follow sessions (issue 25): whatever ends a session (sign-out, 'Encerrar outras sessões', one session
-- revoked, a password change or reset, a suspension, an account deleted, an expired row cleared) or changes a staff
-- role announces it on the 'realtime' channel from inside the same transaction, as 0019 does for trade events.
-- The payload names the user only: NOTIFY folds identical payloads of one transaction into one, so ending every
-- session of an account is one message. Each process then reads the session of each socket of that user again
-- and closes those whose session ended or whose rights changed (src/server/realtime/hub.ts).
CREATE FUNCTION realtime_notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('realtime', json_build_object('type', 'sessions-ended', 'userId', OLD.user_id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_realtime
  AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION realtime_notify_session_ended();
--> statement-breakpoint
CREATE FUNCTION realtime_notify_rights_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('realtime', json_build_object(
    'type', 'rights-changed', 'userId', CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END
  )::text);
  IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
    PERFORM pg_notify('realtime', json_build_object('type', 'rights-changed', 'userId', OLD.user_id)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER admin_roles_realtime
  AFTER INSERT OR UPDATE OR DELETE ON admin_roles
  FOR EACH ROW EXECUTE FUNCTION realtime_notify_rights_changed();
