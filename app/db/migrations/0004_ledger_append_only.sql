-- The ledger is enforced by the database, not only by the application:
--  * transfers and entries are append-only (UPDATE, DELETE and TRUNCATE raise);
--  * an entry must be one of the two legs of its transfer (−amount on the debit account,
--    +amount on the credit account), and a transfer must have both legs when its transaction
--    commits (deferred constraint trigger), so money can never appear or vanish;
--  * an account's cached balance is changed by inserting an entry (this trigger adds the amount)
--    and in no other way; its identity columns never change; accounts are never deleted.
--    The CHECK ledger_accounts_user_balance_non_negative then refuses any entry that would take
--    a user account below zero.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_update_or_delete
  BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate
  BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_update_or_delete
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_delete
  BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate
  BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Accounts: only balance_kobo and updated_at may change, and balance_kobo only from the entry
-- trigger below (which runs one trigger level deeper than a statement from the application).
CREATE FUNCTION ledger_accounts_guard_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id IS DISTINCT FROM OLD.id OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.code IS DISTINCT FROM OLD.code
     OR NEW.created_at IS DISTINCT FROM OLD.created_at THEN
    RAISE EXCEPTION 'ledger_accounts: only the balance of an account can change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.balance_kobo IS DISTINCT FROM OLD.balance_kobo AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger_accounts: a balance changes only through ledger entries' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard_update
  BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard_update();
--> statement-breakpoint
CREATE FUNCTION ledger_entries_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t ledger_transfers%ROWTYPE;
BEGIN
  SELECT * INTO t FROM ledger_transfers WHERE id = NEW.transfer_id;
  IF NOT ((NEW.account_id = t.debit_account_id AND NEW.amount_kobo = -t.amount_kobo)
       OR (NEW.account_id = t.credit_account_id AND NEW.amount_kobo = t.amount_kobo)) THEN
    RAISE EXCEPTION 'ledger_entries: entry % is not a leg of transfer %', NEW.id, NEW.transfer_id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  UPDATE ledger_accounts
     SET balance_kobo = balance_kobo + NEW.amount_kobo, updated_at = now()
   WHERE id = NEW.account_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_apply
  AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_apply();
--> statement-breakpoint
CREATE FUNCTION ledger_transfers_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM ledger_entries WHERE transfer_id = NEW.id) <> 2 THEN
    RAISE EXCEPTION 'ledger_transfers: transfer % does not have exactly its two entries', NEW.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transfers_balanced
  AFTER INSERT ON ledger_transfers
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_transfers_check_balanced();
