-- The ledger's rules, held by the database so that no code path (a bug, a script, a hand in psql) can break them.

-- 1. Every ledger transaction balances: at least two entries, summing to zero. Checked at COMMIT (deferred), so a
--    transaction and its entries are written one row at a time and judged whole. Fires for the transaction row
--    and for every entry row, so entries added later to an old transaction are judged too.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  txn_id integer;
  entry_count integer;
  total bigint;
BEGIN
  IF TG_TABLE_NAME = 'ledger_transactions' THEN
    txn_id := NEW.id;
  ELSE
    txn_id := NEW.transaction_id;
  END IF;
  SELECT count(*), coalesce(sum(amount_cents), 0) INTO entry_count, total
    FROM ledger_entries WHERE transaction_id = txn_id;
  IF entry_count < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % is unbalanced: % entries summing to % cents', txn_id, entry_count, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_balanced
  AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint

-- 2. Append-only: what was recorded stays as recorded. A mistake is corrected by a new, reversing transaction.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only
  BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate
  BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_append_only
  BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate
  BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
