-- A member's account opens at zero: its balance then moves only through ledger entries (the
-- update guard of 0004). Without this, whoever can insert into ledger_accounts (the app's role)
-- could open an account holding any amount, with no entry behind it. Written by hand.
CREATE FUNCTION ledger_accounts_open_at_zero() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A missing balance is left to the check constraint (ledger_accounts_cached_balance_users_only).
  IF NEW.kind <> 'platform' AND NEW.balance_kobo <> 0 THEN
    RAISE EXCEPTION 'ledger_accounts: an account opens with a balance of 0' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_open_at_zero
  BEFORE INSERT ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_open_at_zero();
